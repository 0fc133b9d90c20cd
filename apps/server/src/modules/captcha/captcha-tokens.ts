import { randomBytes } from "node:crypto";
import type { Clock } from "../../lib/clock.js";
import { Signer } from "../../lib/signer.js";

/** `pass`: answered at once (low risk); `challenge`: earned by solving the proof of work. */
export type CaptchaLevel = "pass" | "challenge";

/** What a captcha token grants: one action, from one device and client, until it expires. */
export interface CaptchaGrant {
  id: string;
  action: string;
  deviceId: string;
  clientId: string;
  level: CaptchaLevel;
  expiresAt: number;
}

export interface IssuedToken {
  token: string;
  /** Seconds. */
  expiresIn: number;
}

const PREFIX = "ck1.";
const PURPOSE = "captcha-token";

/** HMAC-signed captcha tokens bound to action, device and client (stateless to check). */
export class CaptchaTokens {
  private readonly signer: Signer;

  constructor(
    secretKey: string,
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {
    this.signer = new Signer(secretKey, "captcha");
  }

  issue(grant: Omit<CaptchaGrant, "id" | "expiresAt">): IssuedToken {
    const expiresAt = this.clock.now() + this.ttlMs;
    const signed = this.signer.sign(PURPOSE, {
      j: randomBytes(12).toString("base64url"),
      a: grant.action,
      d: grant.deviceId,
      c: grant.clientId,
      l: grant.level === "challenge" ? 1 : 0,
      e: expiresAt,
    });
    return { token: `${PREFIX}${signed}`, expiresIn: Math.round(this.ttlMs / 1000) };
  }

  /** The grant of a genuine token, expired or not; undefined for anything forged or malformed. */
  read(token: string): CaptchaGrant | undefined {
    if (!token.startsWith(PREFIX)) return undefined;
    const value = this.signer.open(PURPOSE, token.slice(PREFIX.length));
    if (!value) return undefined;
    const { j, a, d, c, l, e } = value;
    if (typeof j !== "string" || typeof a !== "string" || typeof d !== "string") return undefined;
    if (typeof c !== "string" || typeof e !== "number") return undefined;
    return {
      id: j,
      action: a,
      deviceId: d,
      clientId: c,
      level: l === 1 ? "challenge" : "pass",
      expiresAt: e,
    };
  }

  isExpired(grant: CaptchaGrant): boolean {
    return this.clock.now() >= grant.expiresAt;
  }
}
