import { NimbusError } from "@nimbus/protocol";

/** No room left: the disk or the filesystem quota is full (SQLite and Postgres, 53100, say so too). */
const EXHAUSTED = new Set(["ENOSPC", "EDQUOT", "SQLITE_FULL", "53100"]);
/** The storage cannot be written at all right now: read-only, unreadable or failing. */
const UNAVAILABLE = new Set(["EROFS", "EACCES", "EIO", "SQLITE_READONLY", "SQLITE_IOERR", "SQLITE_CANTOPEN"]);

/**
 * The spec error for a failure of the server's own storage (disk or database
 * file): `insufficient_storage` (507) when it is full, `unavailable` when it cannot be
 * written. Undefined for anything else. The message names the code only: the
 * error's own message holds a server path, which no answer may show.
 */
export function storageFailure(error: unknown): NimbusError | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 4; depth++) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (typeof code === "string") {
      const family = code.startsWith("SQLITE_") ? code.split("_", 2).join("_") : code;
      if (EXHAUSTED.has(family)) {
        return new NimbusError("insufficient_storage", `storage full (${code})`, { cause: error });
      }
      if (UNAVAILABLE.has(family)) {
        return new NimbusError("unavailable", `storage not writable (${code})`, { cause: error });
      }
    }
    cause = cause.cause;
  }
  return undefined;
}
