// One resource of the engine suite's claims (tests/realengine/claims*.engine.ts): a dashboard with one markdown tile, or
// a Slack webhook, whose adoption, resource options and timeouts come from stack config, so that one program serves
// every step of a test.
import * as pulumi from "@pulumi/pulumi";
import * as obs from "pulumi-observability";

const config = new pulumi.Config("single");
const adoptId = config.get("adoptId");
const customCreate = config.get("customCreate");
const timeoutCreate = config.get("timeoutCreate");
const options: pulumi.CustomResourceOptions = {
    deleteBeforeReplace: config.getBoolean("deleteBeforeReplace") ?? false,
    ...(customCreate ? { customTimeouts: { create: customCreate } } : {}),
};
const common = { ...(adoptId ? { adoptId } : {}), ...(timeoutCreate ? { timeouts: { create: timeoutCreate } } : {}) };

export const id =
    config.get("kind") === "webhook"
        ? new obs.Webhook("alerts", { name: "On-call", service: "slack", url: "https://hooks.slack.com/services/T0/B0/oncall", ...common }, options).id
        : new obs.Dashboard(
              "web",
              {
                  name: config.get("name") ?? "Web service",
                  tiles: [{ name: "Notes", x: 0, y: 0, w: 12, h: 4, config: { displayType: "markdown", markdown: "On call: see the runbook" } }],
                  ...common,
              },
              options,
          ).id;
