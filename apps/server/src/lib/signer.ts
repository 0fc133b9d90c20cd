import { createHmac } from "node:crypto";
import { equalSecret } from "./constant-time.js";

/**
 * The one HMAC-SHA256 signer for values that carry their own proof (captcha tokens and
 * tickets, download links, passcode tokens): nothing is stored to check them.
 *
 * Domain separation, twice: each `domain` (the module: `captcha`, `files`, `shares`) signs
 * with its own key derived from SECRET_KEY, and each `purpose` inside it is the first line of
 * every MAC'd message; a value signed for one domain or purpose never verifies for another.
 * What follows the purpose is base64url (a signed value's JSON), or `=` and base64url (a
 * field list's JSON): no field can smuggle in a line break, and the two never overlap.
 *
 * Signed, readable by anyone: `sealed.ts` is the one that encrypts. Not for storing
 * secrets either: `modules/accounts/secrets.ts` keys the hashes of codes kept in the database.
 */
export class Signer {
  private readonly key: Buffer;

  constructor(secretKey: string, domain: string) {
    this.key = createHmac("sha256", secretKey).update(`nimbus:${domain}`).digest();
  }

  /** `<base64url JSON>.<MAC>`: a small object anyone can read and only this signer can make. */
  sign(purpose: string, value: object): string {
    const body = Buffer.from(JSON.stringify(value)).toString("base64url");
    return `${body}.${this.mac(purpose, body)}`;
  }

  /** The signed value, or undefined when it was not signed here for this purpose. */
  open(purpose: string, signed: string): Record<string, unknown> | undefined {
    const dot = signed.indexOf(".");
    if (dot <= 0) return undefined;
    const body = signed.slice(0, dot);
    if (!BASE64URL.test(body) || !equalSecret(signed.slice(dot + 1), this.mac(purpose, body)))
      return undefined;
    try {
      const value: unknown = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
      return typeof value === "object" && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * A detached signature (base64url, 43 characters) over fields the caller carries
   * elsewhere, e.g. a link's path and query.
   */
  signFields(purpose: string, fields: readonly string[]): string {
    return this.mac(purpose, `=${Buffer.from(JSON.stringify(fields)).toString("base64url")}`);
  }

  /** Whether `signature` is `signFields(purpose, fields)`, compared in constant time. */
  verifyFields(purpose: string, fields: readonly string[], signature: string): boolean {
    return equalSecret(signature, this.signFields(purpose, fields));
  }

  private mac(purpose: string, body: string): string {
    if (purpose.includes("\n")) throw new Error("a signing purpose is one line");
    return createHmac("sha256", this.key).update(`${purpose}\n${body}`).digest("base64url");
  }
}

const BASE64URL = /^[\w-]+$/;
