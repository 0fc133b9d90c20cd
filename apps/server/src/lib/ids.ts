import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford base32

/**
 * A 26-character, time-ordered id (48-bit ms timestamp + 80 random bits, the
 * ULID layout). Ids created later sort later, which keeps indexes append-mostly.
 */
export function newId(now = Date.now()): string {
  let time = "";
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const random = randomBytes(16);
  let rest = "";
  for (let i = 0; i < 16; i++) rest += ALPHABET[(random[i] as number) % 32];
  return time + rest;
}

export function isId(value: string): boolean {
  return /^[0-9A-HJKMNP-TV-Z]{26}$/.test(value);
}
