import { describe, expect, it } from "vitest";
import { challengeOf, verifiesChallenge } from "./pkce.js";

describe("PKCE S256", () => {
  // RFC 7636 appendix B.
  const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
  const challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

  it("matches the RFC's example", () => {
    expect(challengeOf(verifier)).toBe(challenge);
    expect(verifiesChallenge(verifier, challenge)).toBe(true);
  });
  it("refuses other verifiers and malformed ones", () => {
    expect(verifiesChallenge(`${verifier.slice(0, -1)}Y`, challenge)).toBe(false);
    expect(verifiesChallenge("too-short", challengeOf("too-short"))).toBe(false);
    expect(verifiesChallenge(`${verifier}!`, challenge)).toBe(false);
  });
});
