import pulumi
import pulumi_observability as observability

config = pulumi.Config()
slack_url = config.require("slackUrl")
team_slack = observability.Webhook("teamSlack",
    name="Team Slack",
    service=observability.WebhookService.SLACK,
    url=slack_url,
    description="The checkout team's channel")
pulumi.export("webhookId", team_slack.id)
