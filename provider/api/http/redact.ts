const MARK = "[redacted]";

/**
 * Every form in which a server or a library may echo a secret: raw, JSON-escaped (once and nested), URL- and
 * form-encoded, base64, with its whitespace squashed, and each long line of a multi-line value (a PEM key, a
 * service-account JSON) on its own. Longest first, so that a longer form is never left half replaced.
 */
function formsOf(secret: string): string[] {
    const once = JSON.stringify(secret).slice(1, -1);
    const decoded = base64Text(secret);
    const forms = [
        ...(decoded === undefined ? [] : formsOf(decoded)),
        secret,
        once,
        JSON.stringify(once).slice(1, -1),
        encodeURIComponent(secret),
        encodeURIComponent(secret).replace(/%20/g, "+"),
        Buffer.from(secret).toString("base64"),
        secret.replace(/\s+/g, " ").trim(),
        ...secret
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter((line) => line.length >= 8),
    ];
    return [...new Set(forms)].filter((form) => form !== "").sort((a, b) => b.length - a.length);
}

/**
 * The text a base64 secret stands for (a service-account key file is sent encoded), when it is one: a server may
 * echo what it decoded.
 */
function base64Text(secret: string): string | undefined {
    const compact = secret.replace(/\s+/g, "");
    if (compact.length < 16 || compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return undefined;
    const text = Buffer.from(compact, "base64").toString("utf8");
    // Only text that is printable and encodes back to the secret: not every word of letters is base64 of something.
    return /^[\x20-\x7e\t\r\n]+$/.test(text) && Buffer.from(text).toString("base64") === compact ? text : undefined;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Replaces every known secret, in every form it may be echoed in, so that server messages and network errors can
 * be shown safely. Redact before shortening anything: a cut through a secret would leave its first part.
 */
export function redact(text: string, secrets: readonly string[]): string {
    const forms = [...new Set(secrets.filter((secret) => secret !== "").flatMap(formsOf))].sort((a, b) => b.length - a.length);
    let out = text;
    for (const form of forms) {
        // A very short value is replaced only where it stands alone, or it would blank out parts of ordinary words.
        out = form.length < 4 ? out.replace(new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(form)}(?![A-Za-z0-9])`, "g"), MARK) : out.split(form).join(MARK);
    }
    return out;
}

/** Shortens a text (already redacted) for an error message. */
export function truncate(text: string, max = 500): string {
    const flat = text.replace(/\s+/g, " ").trim();
    return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
