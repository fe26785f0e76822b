import assert from "node:assert/strict";
import { statSync } from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../harness/paths";
import { headingSlug, markdownFiles, pageAnchors, readPage, relativeLinks } from "../support/markdown";

/**
 * Link targets that may be missing from this tree, each with its reason. Keep it to what another change of the same
 * release adds, and empty it once that change is in.
 */
/** The pages whose links are checked: README, CHANGELOG and every page under docs/. */
function checkedPages(): string[] {
    return ["README.md", "CHANGELOG.md", ...markdownFiles(REPO_ROOT, "docs")];
}

/** The problems of one page's relative links: a target that is no file or folder, an anchor its target lacks. */
function linkProblems(page: string, text: string, anchorsOf: (file: string) => Set<string> | undefined): string[] {
    const problems: string[] = [];
    for (const link of relativeLinks(text)) {
        const where = `${page}:${link.line}: ${link.target}${link.anchor === undefined ? "" : `#${link.anchor}`}`;
        const file = link.target === "" ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), link.target));
        if (file.startsWith("../")) {
            problems.push(`${where}: leaves the repository`);
            continue;
        }
        const absolute = path.join(REPO_ROOT, file);
        const kind = statSync(absolute, { throwIfNoEntry: false });
        if (!kind) {
            problems.push(`${where}: no such file or folder`);
            continue;
        }
        if (link.anchor === undefined) continue;
        const anchors = kind.isFile() && file.endsWith(".md") ? anchorsOf(absolute) : undefined;
        if (!anchors) problems.push(`${where}: an anchor into something that is no Markdown page`);
        else if (!anchors.has(link.anchor)) problems.push(`${where}: ${file} has no heading or anchor "${link.anchor}"`);
    }
    return problems;
}

describe("documentation links (README, CHANGELOG and docs/)", function () {
    const cache = new Map<string, Set<string> | undefined>();
    const anchorsOf = (file: string): Set<string> | undefined => {
        if (!cache.has(file)) {
            const text = readPage(file);
            cache.set(file, text === undefined ? undefined : pageAnchors(text));
        }
        return cache.get(file);
    };

    it("reads GitHub's anchors: headings lowercased, punctuation dropped, spaces to '-', repeats numbered, HTML anchors", function () {
        assert.equal(headingSlug("What the server's settings change"), "what-the-servers-settings-change");
        assert.equal(headingSlug("Rate limits, one budget per key"), "rate-limits-one-budget-per-key");
        assert.equal(headingSlug("Adopting with `adoptId`"), "adopting-with-adoptid");
        assert.equal(headingSlug("`pulumi import`: the plugin's import ids"), "pulumi-import-the-plugins-import-ids");
        assert.equal(headingSlug("Engine tests: through the Pulumi CLI itself"), "engine-tests-through-the-pulumi-cli-itself");
        assert.equal(headingSlug('<a id="nested-tiles"></a>`tiles[]`'), "tiles");
        assert.equal(headingSlug("snake_case and kebab-case stay"), "snake_case-and-kebab-case-stay");
        const anchors = pageAnchors('# A\n\n## Notes\n\n```md\n## Not a heading\n```\n\n## Notes\n\n### <a id="nested-x"></a>`x`\n');
        assert.deepEqual([...anchors].sort(), ["a", "nested-x", "notes", "notes-1", "x"]);
    });

    it("finds the relative links of a page, not those of code or other sites", function () {
        const text = [
            "See [the guide](docs/guides/pipelines.md#after-a-cancelled-job) and [here](#top), [site](https://example.com).",
            "`[not](a-link.md)` and",
            "```sh",
            "echo [no](code.md)",
            "```",
            "[ref]: docs/DEVELOPING.md",
        ].join("\n");
        assert.deepEqual(relativeLinks(text), [
            { target: "docs/guides/pipelines.md", anchor: "after-a-cancelled-job", line: 1 },
            { target: "", anchor: "top", line: 1 },
            { target: "docs/DEVELOPING.md", anchor: undefined, line: 6 },
        ]);
    });

    it("refuses a missing page, a missing anchor and an anchor into a folder", function () {
        const text = "[a](docs/nowhere.md) [b](docs/DEVELOPING.md#no-such-heading) [c](docs/guides#x) [d](docs/DEVELOPING.md#standards)";
        assert.deepEqual(
            linkProblems("README.md", text, anchorsOf).map((problem) => problem.replace(/: .*?: /, ": ")),
            [
                "README.md:1: no such file or folder",
                'README.md:1: docs/DEVELOPING.md has no heading or anchor "no-such-heading"',
                "README.md:1: an anchor into something that is no Markdown page",
            ],
        );
    });

    it("has every relative link of README, CHANGELOG and docs/ resolve to a file, and every anchor to a heading of it", function () {
        const pages = checkedPages();
        const links = pages.reduce((count, page) => count + relativeLinks(readPage(path.join(REPO_ROOT, page)) ?? "").length, 0);
        assert.ok(links > 100, `${links} relative links found`);
        assert.ok(pages.includes("docs/installation-configuration.md") && pages.includes("docs/guides/pipelines.md"), `pages: ${pages.join(", ")}`);
        const problems = pages.flatMap((page) => linkProblems(page, readPage(path.join(REPO_ROOT, page)) ?? "", anchorsOf));
        assert.deepEqual(problems, []);
    });
});
