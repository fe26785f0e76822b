import pulumi
import pulumi_observability as observability

editors = observability.Role("editors",
    variant=observability.Variant.MANAGED,
    name="Dashboard editors",
    description="Edit dashboards and saved searches",
    permissions=[
        {
            "action": observability.RolePermissionsAction.MANAGE,
            "subject": "Dashboard",
        },
        {
            "action": observability.RolePermissionsAction.MANAGE,
            "subject": "SavedSearch",
        },
        {
            "action": observability.RolePermissionsAction.READ,
            "subject": "all",
        },
    ])
