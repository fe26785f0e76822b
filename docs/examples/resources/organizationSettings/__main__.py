import pulumi
import pulumi_observability as observability

organization_resource = observability.OrganizationSettings("organization",
    name="Example Inc.",
    private_endpoints=[{
        "id": "vpce-0123456789abcdef0",
        "description": "production VPC",
        "cloud_provider": observability.OrganizationSettingsPrivateEndpointsCloudProvider.AWS,
        "region": observability.OrganizationSettingsPrivateEndpointsRegion.EU_WEST_1,
    }])
