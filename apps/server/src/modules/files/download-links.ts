import { createHmac, timingSafeEqual } from "node:crypto";
import { NimbusError } from "@nimbus/protocol";

export const DOWNLOAD_LINK_TTL_MS = 6 * 60 * 60 * 1000;

export interface SignedLink {
  path: string;
  expiresAt: number;
}

/**
 * Short-lived signed download links: they carry their own proof, so players and
 * download managers need no cookie or token.
 */
export class DownloadLinks {
  constructor(private readonly secretKey: string) {}

  sign(fileId: string, now: number): SignedLink {
    const expiresAt = now + DOWNLOAD_LINK_TTL_MS;
    const signature = this.signature(fileId, expiresAt);
    return { path: `/drive/v1/download/${fileId}?expires=${expiresAt}&sig=${signature}`, expiresAt };
  }

  /** Throws `link_expired` for an expired or forged link. */
  verify(fileId: string, expires: string | undefined, sig: string | undefined, now: number): void {
    const expiresAt = Number(expires);
    if (!sig || !Number.isSafeInteger(expiresAt)) throw new NimbusError("link_expired", "malformed link");
    const expected = Buffer.from(this.signature(fileId, expiresAt));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new NimbusError("link_expired", "bad signature");
    }
    if (expiresAt <= now) throw new NimbusError("link_expired", "expired");
  }

  private signature(fileId: string, expiresAt: number): string {
    return createHmac("sha256", this.secretKey).update(`download:${fileId}:${expiresAt}`).digest("base64url");
  }
}
