import { createHash, randomBytes } from "node:crypto";

/**
 * A new opaque secret token: 256 random bits in base64url, after `prefix.` when
 * given (`at.…`, `rt.…`, `vt.…`), so a token's kind shows in logs and leak scans.
 */
export function newOpaqueToken(prefix?: string): string {
  const random = randomBytes(32).toString("base64url");
  return prefix ? `${prefix}.${random}` : random;
}

/**
 * What is stored for a token: its SHA-256, hex. Tokens carry 256 random bits, so
 * an unkeyed hash is enough (short codes are stored keyed, see `keyedHash`).
 */
export function hashOpaqueToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
