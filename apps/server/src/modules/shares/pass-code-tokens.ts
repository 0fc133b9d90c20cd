import { createHmac, timingSafeEqual } from "node:crypto";
import { PASS_CODE_TOKEN_TTL_MS } from "@nimbus/protocol";

/**
 * Passcode tokens: proof that a visitor typed a share's passcode, so later calls
 * (browsing, file info, restore) carry the token instead of the code. HMAC-signed,
 * nothing stored: the signature covers the share id, the expiry and the passcode
 * itself, so a token is valid for its share only, for 12 hours, and dies when the
 * passcode changes. Format: `<expiresAt>.<signature>`.
 */
export class PassCodeTokens {
  constructor(private readonly secretKey: string) {}

  issue(shareId: string, passCode: string, now: number): string {
    const expiresAt = now + PASS_CODE_TOKEN_TTL_MS;
    return `${expiresAt}.${this.signature(shareId, passCode, expiresAt)}`;
  }

  verify(token: string, shareId: string, passCode: string, now: number): boolean {
    const [expires, signature, extra] = token.split(".");
    if (!expires || !signature || extra !== undefined || !/^\d{1,16}$/.test(expires)) return false;
    const expiresAt = Number(expires);
    const expected = Buffer.from(this.signature(shareId, passCode, expiresAt));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    return expiresAt > now;
  }

  private signature(shareId: string, passCode: string, expiresAt: number): string {
    return createHmac("sha256", this.secretKey)
      .update(`share-pass-code\n${shareId}\n${passCode}\n${expiresAt}`)
      .digest("base64url");
  }
}
