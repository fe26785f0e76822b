import fc from "fast-check";
import { Input, obj, text, timeouts, uuid } from "./common";

const DNS_NAME = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const dnsName = fc
    .tuple(
        fc.domain().filter((d) => DNS_NAME.test(d) && d.length <= 200),
        fc.boolean(),
    )
    .map(([domain, wildcard]) => (wildcard ? `*.${domain}` : domain));
/** Custom DNS names, distinct without regard to case. */
const mappings = fc
    .uniqueArray(dnsName, { selector: (name) => name.toLowerCase(), maxLength: 3 })
    .map((names) => names.map((privateDnsName) => ({ privateDnsName })));
const where = { organizationId: uuid, serviceId: uuid, timeouts };
const gcpAttachment = fc
    .tuple(fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/), fc.constantFrom("us-east1", "europe-west4"), fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/))
    .map(([p, r, n]) => `projects/${p}/regions/${r}/serviceAttachments/${n}`);

/** A well-formed reverse private endpoint of each type, with exactly that type's fields. */
export const pipeReversePrivateEndpoint: fc.Arbitrary<Input> = fc.oneof(
    obj(
        { description: text(255), type: fc.constant("VPC_ENDPOINT_SERVICE"), vpcEndpointServiceName: text(512) },
        { ...where, customPrivateDnsMappings: mappings },
    ),
    obj(
        { description: text(255), type: fc.constant("VPC_RESOURCE"), vpcResourceConfigurationId: text(512), vpcResourceShareArn: text(2048) },
        { ...where, customPrivateDnsMappings: mappings },
    ),
    obj(
        { description: text(255), type: fc.constant("MSK_MULTI_VPC"), mskClusterArn: text(2048), mskAuthentication: fc.constantFrom("SASL_IAM", "SASL_SCRAM") },
        { ...where, customPrivateDnsMappings: fc.constant([]) },
    ),
    obj(
        { description: text(255), type: fc.constant("GCP_PSC_SERVICE_ATTACHMENT"), gcpServiceAttachment: gcpAttachment },
        { ...where, customPrivateDnsMappings: mappings },
    ),
);

/** A well-formed CDC capacity: one size, the other or both (4 GB per core), or none (only reported). */
export const pipesCdcScaling: fc.Arbitrary<Input> = fc
    .integer({ min: 1, max: 32 })
    .chain((cores) =>
        fc.constantFrom<Input>(
            {},
            { replicaCpuMillicores: cores * 1000 },
            { replicaMemoryGb: cores * 4 },
            { replicaCpuMillicores: cores * 1000, replicaMemoryGb: cores * 4 },
        ),
    )
    .chain((sizes) => obj({}, where).map((located) => ({ ...located, ...sizes })));
