import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Per-process key: both sides are MACed so the comparison takes as long whatever their lengths. */
const KEY = randomBytes(32);

function digest(value: string | Buffer): Buffer {
  return createHmac("sha256", KEY).update(value).digest();
}

/**
 * True when two secrets (tokens, codes, MACs, hashes of secrets) are equal, in
 * time independent of where they differ and of their lengths. Compare every
 * secret with this, never with `===`.
 */
export function equalSecret(a: string | Buffer, b: string | Buffer): boolean {
  const left = typeof a === "string" ? Buffer.from(a, "utf8") : a;
  const right = typeof b === "string" ? Buffer.from(b, "utf8") : b;
  return timingSafeEqual(digest(left), digest(right));
}
