import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Small HMAC-signed values (`<base64url JSON>.<base64url MAC>`): captcha tokens and
 * challenge tickets carry their own proof, so nothing is stored to check them. The
 * purpose is part of the MAC, so a value signed for one use never opens as another.
 * (Signed, readable by anyone: `lib/sealed.ts` is the one that encrypts.)
 */
export class Signer {
  private readonly key: Buffer;

  constructor(secretKey: string, domain: string) {
    this.key = createHmac("sha256", secretKey).update(`nimbus:${domain}`).digest();
  }

  sign(purpose: string, value: object): string {
    const body = Buffer.from(JSON.stringify(value)).toString("base64url");
    return `${body}.${this.mac(purpose, body)}`;
  }

  /** The signed value, or undefined when it was not signed here for this purpose. */
  open(purpose: string, signed: string): Record<string, unknown> | undefined {
    const dot = signed.indexOf(".");
    if (dot <= 0) return undefined;
    const body = signed.slice(0, dot);
    const given = Buffer.from(signed.slice(dot + 1));
    const expected = Buffer.from(this.mac(purpose, body));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const value: unknown = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
      return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }

  private mac(purpose: string, body: string): string {
    return createHmac("sha256", this.key).update(`${purpose}\n${body}`).digest("base64url");
  }
}
