import pulumi
import pulumi_observability as observability

queries = observability.QueryEndpoint("queries",
    roles=[observability.QueryEndpointRoles.SQL_CONSOLE_READ_ONLY],
    open_api_keys=["0123456789abcdef"],
    allowed_origins="app.example.com,admin.example.com")
