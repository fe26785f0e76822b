/**
 * `npm run emulator -- --dev`: fixed, documented credentials and ids, so that the `Pulumi.dev.yaml` of every
 * example works unchanged. Nothing here is secret: the emulator only listens on loopback.
 */
import { type Clock, systemClock } from "./clock";
import type { EmulatorOptions } from "./emulator";
import type { Credentials } from "./types";

/** The port every `Pulumi.dev.yaml` points at (`http://127.0.0.1:8000`). */
export const DEV_PORT = 8000;

/** The credentials of dev mode (README of each example and `npm run emulator -- --dev` print them). */
export const DEV_CREDENTIALS: Credentials = {
    apiKey: "00000000-0000-4000-8000-0000000000aa",
    keyId: "emulator-dev-key",
    keySecret: "emulator-dev-secret",
    organizationId: "00000000-0000-4000-8000-000000000001",
    serviceId: "00000000-0000-4000-8000-000000000002",
};

/** Seed of the id generator in dev mode: the seeded records always get the same ids. */
export const DEV_SEED = 1;

/** Where the dev-mode clock starts (object ids embed the creation second). */
export const DEV_EPOCH = Date.UTC(2026, 0, 1);

/**
 * A clock that stands at {@link DEV_EPOCH} until `start()` and then runs with real time, so the records seeded
 * while the emulator starts get the same ids on every run, and rate-limit windows still pass as usual.
 */
export class DevClock implements Clock {
    private startedAt: number | undefined;

    now(): number {
        return this.startedAt === undefined ? DEV_EPOCH : DEV_EPOCH + (Date.now() - this.startedAt);
    }

    sleep(ms: number, signal?: AbortSignal): Promise<void> {
        return systemClock.sleep(ms, signal);
    }

    /** Lets the clock run from now on. */
    start(): void {
        this.startedAt ??= Date.now();
    }
}

/** Emulator options of dev mode; call `clock.start()` once `Emulator.start` has returned. */
export function devOptions(): EmulatorOptions & { clock: DevClock } {
    return { credentials: { ...DEV_CREDENTIALS }, seed: DEV_SEED, clock: new DevClock(), port: DEV_PORT };
}
