import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Docs that cannot drift: every repository path the living docs name — `README.md`,
 * `CONTRIBUTING.md` and `docs/*.md` — exists in the tree. `docs/decisions/` is left out on
 * purpose: a decision records the tree as it was when it was taken, and a file it names may
 * have moved since.
 *
 * What counts as a path, in an inline code span (fenced blocks are examples, not claims):
 * - a full path: its first segment is a top-level folder of the repository (`apps/…`,
 *   `docs/…`, `.ci/…`) or it is a file at the root (`package.json`). Checked exactly. Words
 *   of a command span (`node bench/web.mjs`) count when they are full paths.
 * - in `docs/spec-map.md`, a path behind one of its prefixes (`S:` is `apps/server/src/`,
 *   `W:` `apps/web/app/`, `P:` `packages/protocol/src/`, `T:` `packages/texts/src/`). Checked
 *   exactly.
 * - a relative path: a token with a file extension or a trailing `/` that is not a full path,
 *   the way the code map names files inside the folder its section or table is about
 *   (`routes/audit/audit-share.ts`, `error-handler.ts`). It must be the tail of some path in
 *   the tree: that catches a file deleted or renamed, not one moved to another folder under the
 *   same name.
 * Not paths: anything with a placeholder (`<area>`, `*`, `{id}`, `NNNN`, `…`), URLs and API
 * paths (`/drive/v1/files`, `udp://`), package names (`@nimbus/texts`), runtime locations under
 * a setting (`DATA_DIR/mail/`), build output git ignores (`apps/server/bundle/main.js`) and the
 * few output names in `RUNTIME`. Markdown link targets are checked too, relative to the doc.
 * "In the tree" is what git tracks plus new files it does not ignore.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const SPEC_MAP_PREFIXES: Record<string, string> = {
  S: "apps/server/src/",
  W: "apps/web/app/",
  P: "packages/protocol/src/",
  T: "packages/texts/src/",
};

/** Build output and data-directory contents the docs name relative to their folder. */
const RUNTIME = new Set(["main.js", "bundle/", "tmp/", "uploads/"]);

const FILE_EXTENSION = /\.(ts|tsx|mts|js|mjs|cjs|json|md|css|html|yml|yaml|sh|conf|service|sql|txt)$/;
const PLACEHOLDER = /[<>*{}[\]()…$|]|\.\.\.|NNNN/;

export interface PathClaim {
  /** The path as the doc writes it. */
  text: string;
  /** How it is checked: `exact` against the repository root, `tail` against any folder. */
  kind: "exact" | "tail";
  /** The path to look for (for `exact`, relative to the root). */
  target: string;
}

/** Inline code spans of a Markdown text, fenced code blocks left out. */
export function codeSpans(markdown: string): string[] {
  const prose = markdown.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, "");
  return [...prose.matchAll(/(`+)([\s\S]*?[^`])\1(?!`)/g)].map((m) => (m[2] as string).trim());
}

/** Link targets of a Markdown text that point into the repository. */
export function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => (m[1] as string).replace(/#.*$/, ""))
    .filter((target) => target !== "" && !/^[a-z][a-z+.-]*:/i.test(target));
}

/** The repository path one code span claims, if it is one. */
export function pathClaim(
  span: string,
  topLevel: ReadonlySet<string>,
  prefixes: Record<string, string> = {},
): PathClaim | undefined {
  let text = span.replace(/^\.\//, "");
  const prefix = /^([A-Z]):(.*)$/.exec(text);
  if (prefix && prefixes[prefix[1] as string] !== undefined) {
    text = (prefixes[prefix[1] as string] as string) + (prefix[2] as string);
    if (PLACEHOLDER.test(text)) return undefined;
    return { text: span, kind: "exact", target: text.replace(/\/$/, "") };
  }
  if (text === "" || /\s/.test(text) || PLACEHOLDER.test(text)) return undefined;
  if (/^[/~@]|:|=|^[A-Z][A-Z0-9_]*\//.test(text)) return undefined;
  const first = text.split("/")[0] as string;
  if (topLevel.has(first) && (text.includes("/") || FILE_EXTENSION.test(text) || first.startsWith("."))) {
    return { text: span, kind: "exact", target: text.replace(/\/$/, "") };
  }
  if (RUNTIME.has(text)) return undefined;
  if (FILE_EXTENSION.test(text) || (text.endsWith("/") && text.length > 1)) {
    return { text: span, kind: "tail", target: text.replace(/\/$/, "") };
  }
  return undefined;
}

/** Every path a doc claims: whole code spans, full paths inside command spans, link targets. */
export function claimsOf(markdown: string, topLevel: ReadonlySet<string>, docDir: string, prefixes = {}) {
  const claims: PathClaim[] = [];
  for (const span of codeSpans(markdown)) {
    if (/\s/.test(span)) {
      for (const word of span.split(/\s+/)) {
        const claim = pathClaim(word, topLevel);
        if (claim?.kind === "exact") claims.push(claim);
      }
    } else {
      const claim = pathClaim(span, topLevel, prefixes);
      if (claim) claims.push(claim);
    }
  }
  for (const target of linkTargets(markdown)) {
    const resolved = path.posix.normalize(path.posix.join(docDir, decodeURI(target))).replace(/\/$/, "");
    claims.push({ text: `(${target})`, kind: "exact", target: resolved });
  }
  return claims;
}

function git(args: string[], input?: string): string {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8", input, maxBuffer: 64 * 1024 * 1024 });
}

/** The paths of `paths` that .gitignore covers (build output). */
function gitIgnored(paths: string[]): Set<string> {
  if (paths.length === 0) return new Set();
  try {
    return new Set(
      git(["check-ignore", "--no-index", "--stdin"], paths.join("\n")).split("\n").filter(Boolean),
    );
  } catch (error) {
    // Exit status 1: none of them is ignored.
    if ((error as { status?: number }).status === 1) return new Set();
    throw error;
  }
}

describe("paths named in the docs", () => {
  it("reads code spans and the paths they claim", () => {
    const top = new Set(["apps", "docs", ".ci", "package.json"]);
    const md = [
      "Run `node bench/web.mjs` and see ``a `b` c``.",
      "```sh\nnpm test `apps/nope.ts`\n```",
      "`apps/server/src/main.ts`, `routes/audit/`, `error-handler.ts`, `docs/decisions/NNNN-<topic>.md`,",
      "`DATA_DIR/mail/`, `/drive/v1/files`, `@nimbus/texts`, `udp://`, `resource/list`, `.ci/run`, `S:http/`",
      "[a](../deploy/x.conf) [b](https://example.com) [c](#top)",
    ].join("\n");
    expect(codeSpans(md)).toContain("a `b` c");
    expect(codeSpans(md)).not.toContain("apps/nope.ts");
    expect(claimsOf(md, top, "docs", SPEC_MAP_PREFIXES)).toEqual([
      { text: "apps/server/src/main.ts", kind: "exact", target: "apps/server/src/main.ts" },
      { text: "routes/audit/", kind: "tail", target: "routes/audit" },
      { text: "error-handler.ts", kind: "tail", target: "error-handler.ts" },
      { text: ".ci/run", kind: "exact", target: ".ci/run" },
      { text: "S:http/", kind: "exact", target: "apps/server/src/http" },
      { text: "(../deploy/x.conf)", kind: "exact", target: "deploy/x.conf" },
    ]);
  });

  it("every path in README.md, CONTRIBUTING.md and docs/*.md exists", () => {
    const files = git(["ls-files", "-z", "--cached", "--others", "--exclude-standard"])
      .split("\0")
      .filter(Boolean);
    const tree = new Set(files);
    for (const file of files) {
      const parts = file.split("/");
      for (let i = 1; i < parts.length; i++) tree.add(parts.slice(0, i).join("/"));
    }
    const topLevel = new Set(files.map((file) => file.split("/")[0] as string));
    const docs = [
      "README.md",
      "CONTRIBUTING.md",
      ...readdirSync(path.join(ROOT, "docs"))
        .filter((name) => name.endsWith(".md"))
        .map((name) => `docs/${name}`),
    ];

    const claims = docs.flatMap((doc) =>
      claimsOf(
        readFileSync(path.join(ROOT, doc), "utf8"),
        topLevel,
        path.posix.dirname(doc),
        doc === "docs/spec-map.md" ? SPEC_MAP_PREFIXES : {},
      ).map((claim) => ({ doc, ...claim })),
    );
    expect(claims.length).toBeGreaterThan(500);

    const tails = [...tree].map((entry) => `/${entry}`);
    const absent = claims.filter((claim) =>
      claim.kind === "exact"
        ? !tree.has(claim.target)
        : !tree.has(claim.target) && !tails.some((entry) => entry.endsWith(`/${claim.target}`)),
    );
    // Build output (`apps/server/bundle/main.js`, `dist/`) is ignored by git, not missing.
    const asGitSees = (claim: PathClaim) => claim.target + (claim.text.endsWith("/") ? "/" : "");
    const ignored = gitIgnored([...new Set(absent.map(asGitSees))]);
    const missing = absent.filter((claim) => !ignored.has(asGitSees(claim)));
    expect(missing.map((claim) => `${claim.doc}: ${claim.text}`)).toEqual([]);
  });
});
