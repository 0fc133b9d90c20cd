import { describe, expect, it } from "vitest";
import { storageFailure } from "./storage-failure.js";

const failed = (code: string, cause?: unknown) =>
  Object.assign(new Error(`${code}: '/data/x'`, { cause }), { code });

describe("storageFailure", () => {
  it.each([
    ["ENOSPC", "insufficient_storage"],
    ["EDQUOT", "insufficient_storage"],
    ["SQLITE_FULL", "insufficient_storage"],
    ["53100", "insufficient_storage"],
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
      "insufficient_storage",
    );
    expect(storageFailure(failed("ENOENT"))).toBeUndefined();
    expect(storageFailure(failed("SQLITE_CONSTRAINT_UNIQUE"))).toBeUndefined();
    expect(storageFailure("ENOSPC")).toBeUndefined();
  });
});
