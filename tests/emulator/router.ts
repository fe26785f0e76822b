/** A tiny method + path router with `:param` segments. The first registered match wins. */
export interface RouteMatch<T> {
    route: T;
    params: Record<string, string>;
}

interface Entry<T> {
    method: string;
    segments: string[];
    route: T;
}

export class Router<T> {
    private readonly entries: Entry<T>[] = [];

    /** @param pattern a path such as `/api/v2/dashboards/:id` */
    add(method: string, pattern: string, route: T): void {
        this.entries.push({ method: method.toUpperCase(), segments: split(pattern), route });
    }

    match(method: string, path: string): RouteMatch<T> | undefined {
        const parts = split(path);
        for (const entry of this.entries) {
            if (entry.method !== method.toUpperCase() || entry.segments.length !== parts.length) continue;
            const params: Record<string, string> = {};
            const ok = entry.segments.every((segment, i) => {
                if (segment.startsWith(":")) {
                    params[segment.slice(1)] = decodeURIComponent(parts[i]);
                    return parts[i].length > 0;
                }
                return segment === parts[i];
            });
            if (ok) return { route: entry.route, params };
        }
        return undefined;
    }
}

function split(path: string): string[] {
    const trimmed = path.replace(/\/+$/, "");
    return trimmed === "" ? [] : trimmed.split("/").slice(1);
}
