/**
 * CPU time and peak memory of the processes one `pulumi` command runs (the CLI, its language host and program, the
 * provider), Linux only, by polling /proc: every {@link SAMPLE_MS} the command's process tree is walked (children by
 * their parent pid, a process once seen kept even when its parent changes) and each process's `utime + stime`
 * (/proc/PID/stat) and `VmHWM` (/proc/PID/status) are noted. Both only grow, so the last sample of a process is its
 * figure, short of what it did after that sample and before it exited (at most one interval of CPU; the CLI stops the
 * provider when the command ends). How much that left out is told by {@link TreeFigures.unattributedCpuMs}: the CPU
 * of the whole tree is also read exactly, from this process's `cutime + cstime` (its children's CPU once they have
 * been waited for, with that of their own waited-for children), before and after the command.
 */
import * as fs from "node:fs";
import { CLOCK_TICKS_PER_SECOND, cpuTimeMs, peakRssBytes, statFields } from "../measure";

/** How often the tree is sampled. */
export const SAMPLE_MS = 50;

/** What one process of the tree used. */
export interface ProcessFigures {
    pid: number;
    /** Its role, as the classifier named it from its command line. */
    role: string;
    /** Its command line (arguments joined by spaces). */
    command: string;
    /** CPU time (user + system) at its last sample. */
    cpuMs: number;
    /** Peak resident memory (`VmHWM`) at its last sample. */
    peakRssBytes: number;
}

/** The tree of one command. */
export interface TreeFigures {
    processes: ProcessFigures[];
    /** CPU of the whole tree, exact (this process's children's CPU, read before and after). */
    treeCpuMs: number;
    /** `treeCpuMs` less the sum of the sampled processes': what the processes did after their last sample. */
    unattributedCpuMs: number;
    samples: number;
}

/** Names a process by its command line (`pulumi`, `provider`, …). */
export type Classifier = (command: string) => string;

/** This process's children's CPU time so far (`cutime + cstime`), in ms. */
function childrenCpuMs(): number {
    const fields = statFields("self");
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Samples the tree of a command from its start to its end. */
export class ProcessTreeSampler {
    private readonly seen = new Map<number, ProcessFigures>();
    private readonly childrenCpuBefore = childrenCpuMs();
    private timer: NodeJS.Timeout | undefined;
    private samples = 0;

    /**
     * @param rootPid the command's process (a child of this process)
     * @param classify names each process of the tree
     */
    constructor(
        private readonly rootPid: number,
        private readonly classify: Classifier,
    ) {
        this.sample();
        this.timer = setInterval(() => this.sample(), SAMPLE_MS);
    }

    /** Stops sampling once the command has ended, and returns what each process used. */
    stop(): TreeFigures {
        if (this.timer) clearInterval(this.timer);
        this.timer = undefined;
        const processes = [...this.seen.values()];
        const treeCpuMs = childrenCpuMs() - this.childrenCpuBefore;
        return { processes, treeCpuMs, unattributedCpuMs: treeCpuMs - processes.reduce((sum, p) => sum + p.cpuMs, 0), samples: this.samples };
    }

    private sample(): void {
        this.samples++;
        const parents = new Map<number, number>();
        for (const entry of fs.readdirSync("/proc")) {
            if (!/^\d+$/.test(entry)) continue;
            try {
                parents.set(Number(entry), Number(statFields(Number(entry))[1]));
            } catch {
                // gone since the directory was read
            }
        }
        const inTree = (pid: number): boolean => {
            for (let at: number | undefined = pid, hops = 0; at !== undefined && at > 1 && hops < 64; at = parents.get(at), hops++) {
                if (at === this.rootPid || this.seen.has(at)) return true;
            }
            return false;
        };
        for (const pid of parents.keys()) if (inTree(pid)) this.note(pid);
    }

    private note(pid: number): void {
        let cpuMs: number;
        let peak: number;
        try {
            cpuMs = cpuTimeMs(pid);
            peak = peakRssBytes(pid);
        } catch {
            return; // gone since the walk (or a zombie, without VmHWM)
        }
        const command = commandLine(pid) ?? "";
        const known = this.seen.get(pid);
        if (!known) {
            this.seen.set(pid, { pid, role: this.classify(command), command, cpuMs, peakRssBytes: peak });
            return;
        }
        known.cpuMs = Math.max(known.cpuMs, cpuMs);
        known.peakRssBytes = Math.max(known.peakRssBytes, peak);
        // A shell that `exec`s, or a fork before its exec, changes its command line: the last one names it.
        if (command !== "" && command !== known.command) Object.assign(known, { command, role: this.classify(command) });
    }
}

function commandLine(pid: number): string | undefined {
    try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
    } catch {
        return undefined;
    }
}
