import pulumi
import pulumi_observability as observability

config = pulumi.Config()
database_password = config.require("databasePassword")
warehouse = observability.Connection("warehouse",
    name="warehouse",
    host="https://warehouse.example.com:8443",
    username="observability",
    password=database_password)
pulumi.export("connectionId", warehouse.id)
