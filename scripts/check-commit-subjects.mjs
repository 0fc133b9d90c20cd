#!/usr/bin/env node
// Commit subjects of at most 72 characters (CONTRIBUTING.md, "Commits"), so that
// `git log --oneline` reads as a list of changes; figures and reasons go in the body.
// Checks every commit after BASELINE, the last one made before the rule; CI runs it
// on a full clone. Exit status 1 names each commit over the limit.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The last commit before the rule: older subjects are history, not checked. */
export const BASELINE = "b010b807eedde4d0d63fec04cc534e5250d9704b";
export const MAX_SUBJECT = 72;
/** Commits after the baseline made before the check existed, kept as they are (history is never rewritten). */
export const EXCEPTIONS = new Set([
  "b67daab398ee6300022d953b3310bb96a0179b8e", // 73 characters
  "9a18c64400ebf2cd8d0c4b9d6a2f57740f577be5", // 74 characters, made before the check ran
  "5aec867c93e449114a5922ec01a392a3d05e9756", // 73 characters, made before the check ran
]);

/**
 * The commits whose subject is longer than `max` characters (Unicode code points),
 * from lines of `git log --format=%H%x09%s`.
 * @param {string[]} lines
 * @returns {{ hash: string, subject: string, length: number }[]}
 */
export function longSubjects(lines, max = MAX_SUBJECT, exceptions = EXCEPTIONS) {
  return lines
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const tab = line.indexOf("\t");
      const hash = tab === -1 ? line : line.slice(0, tab);
      const subject = tab === -1 ? "" : line.slice(tab + 1);
      return { hash, subject, length: [...subject].length };
    })
    .filter((commit) => commit.length > max && !exceptions.has(commit.hash));
}

function git(args, cwd) {
  return execFileSync("git", args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  try {
    git(["cat-file", "-e", `${BASELINE}^{commit}`], root);
  } catch {
    console.error(
      `check-commit-subjects: baseline ${BASELINE} is not in this clone (shallow?); fetch the history.`,
    );
    process.exit(2);
  }
  const lines = git(["log", "--format=%H%x09%s", `${BASELINE}..HEAD`], root).split("\n");
  const offenders = longSubjects(lines);
  const checked = lines.filter((line) => line.trim() !== "").length;
  if (offenders.length === 0) {
    console.log(
      `commit subjects: ${checked} commits after ${BASELINE.slice(0, 7)}, none over ${MAX_SUBJECT} characters`,
    );
    return;
  }
  console.error(`commit subjects over ${MAX_SUBJECT} characters (CONTRIBUTING.md, "Commits"):`);
  for (const { hash, subject, length } of offenders)
    console.error(`  ${hash.slice(0, 10)} (${length}) ${subject}`);
  console.error(
    "Shorten the subject (git commit --amend, or git rebase -i before it is pushed); details go in the body.",
  );
  process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
