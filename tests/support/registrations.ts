/** What SDK classes ask the engine for, seen at Pulumi's mock monitor while a program runs (tests/harness/program.ts). */
interface RegisterRequest {
    getName(): string;
    getAdditionalsecretoutputsList(): string[];
    getObject(): { toJavaScript(): Record<string, unknown> } | undefined;
}
type MockMonitorClass = { prototype: { registerResource: (req: RegisterRequest, cb: unknown) => unknown } };

/** Records what the SDK classes ask the engine for (the mock monitor's `registerResource` requests). */
export function recordRegistrations(): { seen: Map<string, { secretOutputs: string[]; object: Record<string, unknown> }>; stop(): void } {
    const { MockMonitor } = require("@pulumi/pulumi/runtime/mocks") as { MockMonitor: MockMonitorClass };
    const original = MockMonitor.prototype.registerResource;
    const seen = new Map<string, { secretOutputs: string[]; object: Record<string, unknown> }>();
    MockMonitor.prototype.registerResource = function (this: unknown, req: RegisterRequest, cb: unknown) {
        seen.set(req.getName(), { secretOutputs: req.getAdditionalsecretoutputsList(), object: req.getObject()?.toJavaScript() ?? {} });
        return original.call(this, req, cb);
    };
    return { seen, stop: () => (MockMonitor.prototype.registerResource = original) };
}
