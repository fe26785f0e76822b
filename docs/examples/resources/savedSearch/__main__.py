import pulumi
import pulumi_observability as observability

config = pulumi.Config()
logs_source_id = config.require("logsSourceId")
checkout_errors = observability.SavedSearch("checkoutErrors",
    name="checkout errors",
    source_id=logs_source_id,
    where="ServiceName:checkout SeverityText:error",
    where_language=observability.WhereLanguage.LUCENE,
    tags=["checkout"])
