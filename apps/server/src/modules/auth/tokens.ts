import { createHash, randomBytes } from "node:crypto";

/** A new opaque bearer token or one-time code; only its hash is ever stored. */
export function newToken(prefix: "at" | "rt" | "ac" | "dc"): string {
  return `${prefix}.${randomBytes(32).toString("base64url")}`;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
