import { createHash, createHmac } from "node:crypto";
import { equalSecret } from "../../lib/constant-time.js";

/** ALTCHA's challenge and payload shapes (altcha-lib v2), kept loose: they travel as JSON. */
export type PowChallenge = Record<string, unknown> & {
  parameters: Record<string, unknown>;
  signature?: string;
};

export interface PowSettings {
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** Most attempts a solution takes; the answer is drawn from its upper half. */
  maxCounter: number;
  /** How long a fetched challenge may be solved, in ms. */
  ttlMs: number;
}

const ALGORITHM = "PBKDF2/SHA-256";

/** altcha-lib is loaded on the first challenge, so start-up does not pay for it. */
async function altcha() {
  const [lib, pbkdf2] = await Promise.all([import("altcha-lib"), import("altcha-lib/algorithms/pbkdf2")]);
  return { ...lib, deriveKey: pbkdf2.deriveKey };
}

/**
 * The proof of work behind the challenge page: ALTCHA (altcha-lib) challenges,
 * HMAC-signed, each bound to one challenge ticket through its `data`.
 */
export class ProofOfWork {
  private readonly signatureSecret: string;
  private readonly keySecret: string;

  constructor(
    secretKey: string,
    private readonly settings: PowSettings,
  ) {
    this.signatureSecret = createHmac("sha256", secretKey).update("nimbus:altcha-signature").digest("hex");
    this.keySecret = createHmac("sha256", secretKey).update("nimbus:altcha-key").digest("hex");
  }

  /** A challenge for `ticket`; `costFactor` multiplies the work per attempt (risk rising). */
  async create(ticket: string, now: number, costFactor = 1): Promise<PowChallenge> {
    const { createChallenge, deriveKey, randomInt } = await altcha();
    const { cost, maxCounter, ttlMs } = this.settings;
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost: cost * costFactor,
      counter: randomInt(Math.max(1, Math.floor(maxCounter / 2)), maxCounter),
      deriveKey,
      data: { ticket: ticketDigest(ticket) },
      expiresAt: new Date(now + ttlMs),
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySecret,
    });
    return challenge as unknown as PowChallenge;
  }

  /**
   * Checks a solved payload (ALTCHA's base64 JSON `{challenge, solution}`) for this
   * ticket. Answers the challenge nonce (for single use) or undefined when it fails.
   */
  async verify(ticket: string, payload: string): Promise<string | undefined> {
    const parsed = parsePayload(payload);
    if (!parsed) return undefined;
    const data = parsed.challenge.parameters.data as Record<string, unknown> | undefined;
    if (typeof data?.ticket !== "string" || !equalSecret(data.ticket, ticketDigest(ticket))) return undefined;
    const { verifySolution, deriveKey } = await altcha();
    try {
      const result = await verifySolution({
        // biome-ignore lint/suspicious/noExplicitAny: altcha-lib's own types; the shape was checked above
        challenge: parsed.challenge as any,
        // biome-ignore lint/suspicious/noExplicitAny: as above
        solution: parsed.solution as any,
        deriveKey,
        hmacSignatureSecret: this.signatureSecret,
        hmacKeySignatureSecret: this.keySecret,
      });
      const nonce = parsed.challenge.parameters.nonce;
      return result.verified && typeof nonce === "string" ? nonce : undefined;
    } catch {
      return undefined;
    }
  }
}

function ticketDigest(ticket: string): string {
  return createHash("sha256").update(ticket).digest("base64url").slice(0, 32);
}

function parsePayload(
  payload: string,
): { challenge: PowChallenge; solution: Record<string, unknown> } | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
    if (typeof value !== "object" || value === null) return undefined;
    const { challenge, solution } = value as Record<string, unknown>;
    if (typeof challenge !== "object" || challenge === null) return undefined;
    if (typeof solution !== "object" || solution === null) return undefined;
    const parameters = (challenge as Record<string, unknown>).parameters;
    if (typeof parameters !== "object" || parameters === null) return undefined;
    return { challenge: challenge as PowChallenge, solution: solution as Record<string, unknown> };
  } catch {
    return undefined;
  }
}
