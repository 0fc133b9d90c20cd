import { describe, expect, it } from "vitest";
// @ts-expect-error: a CI script in plain JavaScript, without type declarations.
import * as script from "../../../scripts/check-commit-subjects.mjs";

type Offender = { hash: string; subject: string; length: number };
const longSubjects: (lines: string[], max?: number, exceptions?: Set<string>) => Offender[] =
  script.longSubjects;

/** The CI check of scripts/check-commit-subjects.mjs: subjects of at most 72 characters. */
describe("commit subjects", () => {
  it("names the commits whose subject is over the limit, counting characters, not bytes", () => {
    const ok = "a".repeat(72);
    const long = "b".repeat(73);
    const accented = "é".repeat(72); // 144 bytes in UTF-8, 72 characters
    const lines = [`h1\t${ok}`, `h2\t${long}`, `h3\t${accented}`, "", `h4\ttab\tinside ${"c".repeat(70)}`];
    expect(longSubjects(lines, 72, new Set())).toEqual([
      { hash: "h2", subject: long, length: 73 },
      { hash: "h4", subject: `tab\tinside ${"c".repeat(70)}`, length: 81 },
    ]);
  });

  it("leaves listed exceptions alone", () => {
    expect(longSubjects([`h2\t${"b".repeat(80)}`], 72, new Set(["h2"]))).toEqual([]);
  });

  it("starts after a full commit hash", () => {
    expect(script.BASELINE).toMatch(/^[0-9a-f]{40}$/);
    expect(script.MAX_SUBJECT).toBe(72);
  });
});
