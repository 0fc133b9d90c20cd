import { createHmac, randomInt } from "node:crypto";

/**
 * Short secrets (6-digit codes, recovery codes, one-use tokens) are stored as an
 * HMAC under the server's SECRET_KEY: a leaked table alone cannot be searched
 * offline for the million possible codes.
 */
export function keyedHash(secretKey: string, value: string): string {
  return createHmac("sha256", secretKey).update(value).digest("hex");
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}
