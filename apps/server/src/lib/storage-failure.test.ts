import { describe, expect, it } from "vitest";
import { storageFailure } from "./storage-failure.js";

const failed = (code: string, cause?: unknown) =>
  Object.assign(new Error(`${code}: '/data/x'`, { cause }), { code });

describe("storageFailure", () => {
  it.each([
    ["ENOSPC", "resource_exhausted"],
    ["EDQUOT", "resource_exhausted"],
    ["SQLITE_FULL", "resource_exhausted"],
    ["53100", "resource_exhausted"],
    ["EROFS", "unavailable"],
    ["EACCES", "unavailable"],
    ["EIO", "unavailable"],
    ["SQLITE_READONLY_DBMOVED", "unavailable"],
    ["SQLITE_IOERR_WRITE", "unavailable"],
  ])("maps %s to %s, keeping the path out of the message", (code, error) => {
    const mapped = storageFailure(failed(code));
    expect(mapped?.error).toBe(error);
    expect(mapped?.message).not.toContain("/data");
  });

  it("finds the code on a wrapped cause, and ignores other failures", () => {
    expect(storageFailure(new Error("stream failed", { cause: failed("ENOSPC") }))?.error).toBe(
      "resource_exhausted",
    );
    expect(storageFailure(failed("ENOENT"))).toBeUndefined();
    expect(storageFailure(failed("SQLITE_CONSTRAINT_UNIQUE"))).toBeUndefined();
    expect(storageFailure("ENOSPC")).toBeUndefined();
  });
});
