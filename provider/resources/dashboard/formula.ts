// The formula language of chart tiles, checked locally as the self-hosted server checks it: arithmetic (`+ - * /`,
// unary minus, parentheses, numbers) over series letters, `A` being select[0]. A letter past the tile's last select
// item is refused by the server (400 `Unknown series "C"`), so `check` refuses it first, with the same words.

type Token = { kind: "number" | "ref" | "op" | "(" | ")"; text: string };

const MAX_DEPTH = 64;

/** Splits an expression into tokens, or returns why it cannot. */
function tokenize(expression: string): Token[] | string {
    const tokens: Token[] = [];
    const pattern = /\s+|(\d+(?:\.\d*)?|\.\d+)|([A-Za-z]+)|([-+*/])|([()])|(.)/gy;
    for (const match of expression.matchAll(pattern)) {
        const [, number, word, op, paren, other] = match;
        if (number !== undefined) tokens.push({ kind: "number", text: number });
        else if (word !== undefined) {
            if (!/^[A-Z]$/.test(word)) {
                return /^[A-Z]/.test(word)
                    ? `Unexpected "${word}": series are single uppercase letters (A, B, C, …) and there are no functions`
                    : `Unexpected "${word}": series are uppercase letters (A, B, C, …)`;
            }
            tokens.push({ kind: "ref", text: word });
        } else if (op !== undefined) tokens.push({ kind: "op", text: op });
        else if (paren !== undefined) tokens.push({ kind: paren as "(" | ")", text: paren });
        else if (other !== undefined) return `Unexpected character "${other}"`;
    }
    return tokens;
}

/** Recursive descent over the tokens; collects the series letters; throws a message on a syntax error. */
function parse(tokens: Token[]): string[] {
    const refs: string[] = [];
    let at = 0;
    let depth = 0;
    const peek = (): Token | undefined => tokens[at];
    const nested = <T>(inner: () => T): T => {
        if (++depth > MAX_DEPTH) throw new Error(`Expression is nested too deeply (at most ${MAX_DEPTH} levels)`);
        const result = inner();
        depth--;
        return result;
    };
    const binary = (operators: string, operand: () => void) => () => {
        operand();
        while (peek()?.kind === "op" && operators.includes(peek()?.text ?? "")) {
            at++;
            operand();
        }
    };
    const primary = (): void => {
        const token = tokens[at++];
        if (token === undefined) throw new Error("Unexpected end of expression");
        if (token.kind === "number") return;
        if (token.kind === "ref") return void refs.push(token.text);
        if (token.kind === "(") {
            nested(sum);
            if (tokens[at++]?.kind !== ")") throw new Error("Missing closing parenthesis");
            return;
        }
        throw new Error(`Unexpected "${token.text}"`);
    };
    const factor = (): void => {
        if (peek()?.kind === "op" && peek()?.text === "-") {
            at++;
            return nested(factor);
        }
        primary();
    };
    const sum = binary("+-", binary("*/", factor));
    sum();
    const trailing = peek();
    if (trailing) throw new Error(trailing.kind === ")" ? "Unmatched closing parenthesis" : `Unexpected "${trailing.text}"`);
    return refs;
}

/**
 * What the server would refuse in a formula of a tile with `seriesCount` select items; empty when it is accepted.
 * @param expression The formula, e.g. `A / B * 100`.
 * @param seriesCount How many select items the tile has (`A` … the letter of the last one).
 */
export function formulaProblems(expression: string, seriesCount: number): string[] {
    if (expression.trim() === "") return ["Expression is empty"];
    const tokens = tokenize(expression);
    if (typeof tokens === "string") return [tokens];
    let refs: string[];
    try {
        refs = parse(tokens);
    } catch (error) {
        return [(error as Error).message];
    }
    const last = String.fromCharCode(64 + seriesCount);
    const problems = [...new Set(refs)]
        .filter((ref) => ref.charCodeAt(0) - 65 >= seriesCount)
        .map((ref) => `Unknown series "${ref}": ${seriesCount > 0 ? `this tile only has series A through ${last}` : "this tile has no series"}`);
    if (refs.length === 0) problems.push("Expression must reference at least one series (A, B, C, …)");
    return problems;
}
