import { createHash } from "node:crypto";
import { equalSecret } from "../../lib/constant-time.js";

const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** RFC 7636 S256: base64url(SHA-256(verifier)) equals the challenge, and the verifier is well-formed. */
export function verifiesChallenge(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  return equalSecret(challengeOf(verifier), challenge);
}

export function challengeOf(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}
