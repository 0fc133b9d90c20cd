import { PASS_CODE_TOKEN_TTL_MS } from "@nimbus/protocol";
import { Signer } from "../../lib/signer.js";

const PURPOSE = "pass-code";

/**
 * Passcode tokens: proof that a visitor typed a share's passcode, so later calls
 * (browsing, file info, restore) carry the token instead of the code. HMAC-signed,
 * nothing stored: the signature covers the share id, the expiry and the passcode
 * itself, so a token is valid for its share only, for 12 hours, and dies when the
 * passcode changes. Format: `<expiresAt>.<signature>`.
 */
export class PassCodeTokens {
  private readonly signer: Signer;

  constructor(secretKey: string) {
    this.signer = new Signer(secretKey, "shares");
  }

  issue(shareId: string, passCode: string, now: number): string {
    const expiresAt = now + PASS_CODE_TOKEN_TTL_MS;
    return `${expiresAt}.${this.signer.signFields(PURPOSE, [shareId, passCode, String(expiresAt)])}`;
  }

  verify(token: string, shareId: string, passCode: string, now: number): boolean {
    const [expires, signature, extra] = token.split(".");
    if (!expires || !signature || extra !== undefined || !/^\d{1,16}$/.test(expires)) return false;
    const expiresAt = Number(expires);
    if (!this.signer.verifyFields(PURPOSE, [shareId, passCode, String(expiresAt)], signature)) return false;
    return expiresAt > now;
  }
}
