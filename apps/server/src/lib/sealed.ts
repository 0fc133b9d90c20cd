import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Seals a short secret (an archive password in a persisted job payload) with
 * AES-256-GCM under a key derived from SECRET_KEY, so the database never holds
 * it in the clear.
 */
export class Sealer {
  private readonly key: Buffer;

  constructor(secretKey: string, purpose: string) {
    this.key = createHash("sha256").update(`${purpose}\n${secretKey}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
  }

  /** Throws when the text was not sealed by this key and purpose. */
  open(sealed: string): string {
    const bytes = Buffer.from(sealed, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", this.key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  }
}
