import { describe, expect, it } from "vitest";
import {
  blockingLock,
  conflictingLocks,
  covers,
  type DavLock,
  DEFAULT_LOCK_SECONDS,
  isUnder,
  lockTimeout,
  MAX_LOCK_SECONDS,
} from "./dav-locks.js";

const lock = (
  token: string,
  path: string,
  depth: "0" | "infinity",
  scope: "exclusive" | "shared",
): DavLock => ({
  token,
  path,
  depth,
  scope,
  owner: "",
  timeoutSeconds: 60,
  expiresAt: 1,
});

describe("WebDAV lock rules", () => {
  it("knows what lies under what, the root above all", () => {
    expect(isUnder("a/b", "a")).toBe(true);
    expect(isUnder("ab", "a")).toBe(false);
    expect(isUnder("a", "a")).toBe(false);
    expect(isUnder("a", "")).toBe(true);
    expect(isUnder("", "")).toBe(false);
  });

  it("covers its root, and what is under it only with depth infinity", () => {
    expect(covers(lock("t", "a", "0", "exclusive"), "a")).toBe(true);
    expect(covers(lock("t", "a", "0", "exclusive"), "a/b")).toBe(false);
    expect(covers(lock("t", "a", "infinity", "exclusive"), "a/b/c")).toBe(true);
    expect(covers(lock("t", "a", "infinity", "exclusive"), "ab")).toBe(false);
  });

  it("reads Timeout: the first understood value, within what is granted", () => {
    expect(lockTimeout(undefined)).toBe(DEFAULT_LOCK_SECONDS);
    expect(lockTimeout("Second-120")).toBe(120);
    expect(lockTimeout("Extended-1, Second-30")).toBe(30);
    expect(lockTimeout("Infinite, Second-4100000000")).toBe(MAX_LOCK_SECONDS);
    expect(lockTimeout("Second-99999999")).toBe(MAX_LOCK_SECONDS);
    expect(lockTimeout("Second-0")).toBe(1);
  });

  it("blocks a write unless the token of every lock on what it touches is submitted", () => {
    const excl = lock("x", "docs/a.txt", "0", "exclusive");
    expect(blockingLock([excl], [{ path: "docs/a.txt" }], new Set())).toBe(excl);
    expect(blockingLock([excl], [{ path: "docs/a.txt" }], new Set(["x"]))).toBeUndefined();
    expect(blockingLock([excl], [{ path: "docs/b.txt" }], new Set())).toBeUndefined();
    // Deleting or moving the folder takes the locked member with it.
    expect(blockingLock([excl], [{ path: "docs", deep: true }], new Set())).toBe(excl);
    expect(blockingLock([excl], [{ path: "docs" }], new Set())).toBeUndefined();
    // A depth-0 lock on a folder guards its members list, not its members' content.
    const folder = lock("f", "docs", "0", "exclusive");
    expect(blockingLock([folder], [{ path: "docs/new.txt" }, { path: "docs" }], new Set())).toBe(folder);
    expect(blockingLock([folder], [{ path: "docs/a.txt" }], new Set())).toBeUndefined();
  });

  it("lets any one of the shared locks of a root through", () => {
    const one = lock("s1", "a", "0", "shared");
    const two = lock("s2", "a", "0", "shared");
    expect(blockingLock([one, two], [{ path: "a" }], new Set())).toBe(one);
    expect(blockingLock([one, two], [{ path: "a" }], new Set(["s2"]))).toBeUndefined();
    const above = lock("s3", "", "infinity", "shared");
    expect(blockingLock([one, above], [{ path: "a" }], new Set(["s1"]))).toBe(above);
  });

  it("refuses a new lock that meets an exclusive one, or any one when exclusive itself", () => {
    const shared = lock("s", "a/b", "0", "shared");
    expect(conflictingLocks([shared], "a/b", "0", "shared")).toEqual([]);
    expect(conflictingLocks([shared], "a/b", "0", "exclusive")).toEqual([shared]);
    // A depth-infinity lock on the folder meets the locks under it; a depth-0 one does not.
    expect(conflictingLocks([shared], "a", "infinity", "exclusive")).toEqual([shared]);
    expect(conflictingLocks([shared], "a", "0", "exclusive")).toEqual([]);
    const tree = lock("t", "a", "infinity", "exclusive");
    expect(conflictingLocks([tree], "a/b/c", "0", "shared")).toEqual([tree]);
    expect(conflictingLocks([tree], "z", "0", "exclusive")).toEqual([]);
  });
});
