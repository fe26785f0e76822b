import { z } from "zod";
import { text, timeoutsSchema } from "../../common/fields";
import { type InService, serviceSchema } from "../../settings/location";

/** What the endpoint connects to, and the fields each type needs (contract-extended §5.2). */
export const ENDPOINT_TYPE_FIELDS = {
    VPC_ENDPOINT_SERVICE: ["vpcEndpointServiceName"],
    VPC_RESOURCE: ["vpcResourceConfigurationId", "vpcResourceShareArn"],
    MSK_MULTI_VPC: ["mskClusterArn", "mskAuthentication"],
    GCP_PSC_SERVICE_ATTACHMENT: ["gcpServiceAttachment"],
} as const;
export type EndpointType = keyof typeof ENDPOINT_TYPE_FIELDS;
export type TypeField = (typeof ENDPOINT_TYPE_FIELDS)[EndpointType][number];
const ENDPOINT_TYPES = Object.keys(ENDPOINT_TYPE_FIELDS) as [EndpointType, ...EndpointType[]];
/** Every type-specific field, in a stable order. */
export const TYPE_FIELDS = [...new Set(Object.values(ENDPOINT_TYPE_FIELDS).flat())] as TypeField[];

/** The statuses the service reports; the create waits while `Provisioning` (or `Unknown`, which is transient). */
export const WAITING_STATUSES: ReadonlySet<string> = new Set(["Provisioning", "Unknown"]);
/** Statuses that end a create with an error: the endpoint must be re-created. */
export const FAILED_STATUSES: ReadonlySet<string> = new Set(["Failed", "Rejected", "Expired"]);
/** The status in which the endpoint exists but waits for the owner of the target to accept the connection. */
export const PENDING_ACCEPTANCE = "PendingAcceptance";

/** Brokers behind an `MSK_MULTI_VPC` endpoint listen on 14001, 14002, … in the order of its private DNS names (§5.6). */
export const MSK_FIRST_PORT = 14001;

// An exact DNS name or a leading wildcard (`*.example.com`).
const DNS_NAME = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const GCP_ATTACHMENT = /^projects\/[^/]+\/regions\/[^/]+\/serviceAttachments\/[^/]+$/;

const dnsMappingSchema = z.strictObject({
    /** A private DNS name the service resolves to the endpoint: exact (`kafka.internal.example.com`) or a leading wildcard (`*.example.com`). */
    privateDnsName: z.string().max(253, "must be at most 253 characters").regex(DNS_NAME, "must be a DNS name or a leading wildcard such as *.example.com"),
});

/**
 * A reverse private endpoint of a cloud service: a private connection from the service's data pipes to a network
 * of yours (contract-extended §5). Everything but `customPrivateDnsMappings` is fixed at creation: a change
 * replaces the endpoint.
 */
export const pipeReversePrivateEndpointSchema = z
    .strictObject({
        ...serviceSchema,
        /** What the endpoint is for, shown beside it (at most 255 characters). Changing it replaces the endpoint. */
        description: text(255),
        /**
         * What the endpoint connects to: `VPC_ENDPOINT_SERVICE` (needs `vpcEndpointServiceName`), `VPC_RESOURCE`
         * (`vpcResourceConfigurationId` and `vpcResourceShareArn`), `MSK_MULTI_VPC` (`mskClusterArn` and
         * `mskAuthentication`) or `GCP_PSC_SERVICE_ATTACHMENT` (`gcpServiceAttachment`). Only the chosen type's fields
         * are allowed. Changing it replaces the endpoint.
         */
        type: z.enum(ENDPOINT_TYPES),
        /** `VPC_ENDPOINT_SERVICE`: the endpoint service's name (`com.amazonaws.vpce.<region>.vpce-svc-…`). Changing it replaces the endpoint. */
        vpcEndpointServiceName: text(512).optional(),
        /** `VPC_RESOURCE`: the resource configuration's id. Changing it replaces the endpoint. */
        vpcResourceConfigurationId: text(512).optional(),
        /** `VPC_RESOURCE`: the ARN of the resource share. Changing it replaces the endpoint. */
        vpcResourceShareArn: text(2048).optional(),
        /** `MSK_MULTI_VPC`: the cluster's ARN. Changing it replaces the endpoint. */
        mskClusterArn: text(2048).optional(),
        /** `MSK_MULTI_VPC`: how the pipes authenticate to the cluster. Changing it replaces the endpoint. */
        mskAuthentication: z.enum(["SASL_IAM", "SASL_SCRAM"]).optional(),
        /** `GCP_PSC_SERVICE_ATTACHMENT`: `projects/{project}/regions/{region}/serviceAttachments/{name}`. Changing it replaces the endpoint. */
        gcpServiceAttachment: z.string().regex(GCP_ATTACHMENT, "must be projects/{project}/regions/{region}/serviceAttachments/{name}").optional(),
        /**
         * Your own private DNS names for the endpoint (unique across the service; not for `MSK_MULTI_VPC`). The
         * complete list: a change is applied in place, and `[]` (the default) removes them all.
         */
        customPrivateDnsMappings: z.array(dnsMappingSchema).default([]),
        /** Our own operation timeouts (`customTimeouts` does not reach dynamic providers); the create and delete wait within them. */
        timeouts: timeoutsSchema,
    })
    .superRefine((endpoint, ctx) => {
        // Not a known type (or not known yet, in a preview): the type's own failure says enough.
        if (!Object.hasOwn(ENDPOINT_TYPE_FIELDS, endpoint.type)) return;
        const own: readonly string[] = ENDPOINT_TYPE_FIELDS[endpoint.type];
        for (const field of TYPE_FIELDS) {
            const present = endpoint[field] !== undefined;
            if (own.includes(field) && !present) ctx.addIssue({ code: "custom", path: [field], message: `is required for type ${endpoint.type}` });
            if (!own.includes(field) && present)
                ctx.addIssue({ code: "custom", path: [field], message: `is not used by type ${endpoint.type} (only ${own.join(", ")})` });
        }
        if (!Array.isArray(endpoint.customPrivateDnsMappings)) return;
        if (endpoint.type === "MSK_MULTI_VPC" && endpoint.customPrivateDnsMappings.length > 0) {
            ctx.addIssue({ code: "custom", path: ["customPrivateDnsMappings"], message: "is not supported for MSK_MULTI_VPC endpoints" });
        }
        const seen = new Set<string>();
        endpoint.customPrivateDnsMappings.forEach((mapping, i) => {
            if (typeof mapping?.privateDnsName !== "string") return;
            const name = mapping.privateDnsName.toLowerCase();
            if (seen.has(name))
                ctx.addIssue({
                    code: "custom",
                    path: ["customPrivateDnsMappings", i, "privateDnsName"],
                    message: `duplicate private DNS name ${JSON.stringify(mapping.privateDnsName)}`,
                });
            seen.add(name);
        });
    });

/** What the program declares (the public argument type derives from it). */
export type PipeReversePrivateEndpointArgs = z.input<typeof pipeReversePrivateEndpointSchema>;
/** The checked, normalized inputs. */
export type PipeReversePrivateEndpointInputs = z.output<typeof pipeReversePrivateEndpointSchema>;

/** Everything the resource reports after create, update and refresh. */
export interface PipeReversePrivateEndpointOutputs extends InService<PipeReversePrivateEndpointInputs> {
    /** The endpoint's id (UUID; also the resource id): what a kafka pipe lists in `reversePrivateEndpointIds`. */
    id: string;
    /** The cloud provider's id of the endpoint (`vpce-…`): what the owner of the target sees and accepts. */
    endpointId: string;
    /** The endpoint's DNS names inside the service's network: a postgres or mysql pipe's `host` may be one of them. */
    dnsNames: string[];
    /** The endpoint's private DNS names (for `MSK_MULTI_VPC`, one per broker, in broker order). */
    privateDnsNames: string[];
    /** For `MSK_MULTI_VPC`: the brokers a kafka pipe reaches through it, `name0:14001,name1:14002,…`; empty otherwise. */
    mskBrokers: string;
    /**
     * `Ready` (pipes can use it), `PendingAcceptance` (the owner of the target must accept the connection outside
     * this API; see `actionRequired`), `Deleting`, or a failure (`Failed`, `Rejected`, `Expired`).
     */
    status: string;
    /** What someone must do outside the API before pipes can use the endpoint; empty when nothing. */
    actionRequired: string;
}
