import * as pulumi from "@pulumi/pulumi";
import { Apis } from "../../provider/api/apis";
import { Settings } from "../../provider/settings/config";

/**
 * Settings for code that runs in the program itself (the lookup functions): stack config first, then the
 * environment, exactly as the providers resolve them.
 */
export function programApis(): Apis {
    // `runtime.getConfig` returns secrets in plaintext without the warning `Config.get` prints; the value
    // never leaves this process.
    return new Apis(new Settings({ get: (key) => pulumi.runtime.getConfig(key) }));
}
