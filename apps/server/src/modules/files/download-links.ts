import { NimbusError } from "@nimbus/protocol";
import { Signer } from "../../lib/signer.js";

export const DOWNLOAD_LINK_TTL_MS = 6 * 60 * 60 * 1000;
/** Expiries are rounded up to this step, so a link stays the same URL (and cacheable) for a while. */
const EXPIRY_STEP_MS = 15 * 60 * 1000;

/** What a link grants: a file's bytes, a thumbnail of it, or a zip of several items. */
export type LinkPurpose = "download" | "thumbnail" | "zip";

export interface SignedLink {
  /** Path and query, to be put behind the public origin. */
  path: string;
  expiresAt: number;
}

export interface LinkQuery {
  u?: string | undefined;
  expires?: string | undefined;
  sig?: string | undefined;
}

const BASE_PATHS: Record<LinkPurpose, string> = {
  download: "/drive/v1/download/",
  thumbnail: "/drive/v1/thumbnails/",
  zip: "/drive/v1/zip?ids=",
};

/**
 * Short-lived signed links: they carry their own proof, so players and download
 * managers need no cookie or token. Each names the user it was made for (`u`),
 * whose traffic the bytes it serves are charged to. The signature covers the
 * purpose, the subject (file id, `fileId/size`, or a zip's id list), the user
 * and the expiry.
 */
export class DownloadLinks {
  private readonly signer: Signer;

  constructor(secretKey: string) {
    this.signer = new Signer(secretKey, "files");
  }

  /** A link to a file's bytes for `userId`. */
  sign(fileId: string, userId: string, now: number): SignedLink {
    return this.signFor("download", fileId, userId, now);
  }

  signFor(purpose: LinkPurpose, subject: string, userId: string, now: number): SignedLink {
    const expiresAt = Math.ceil((now + DOWNLOAD_LINK_TTL_MS) / EXPIRY_STEP_MS) * EXPIRY_STEP_MS;
    const signature = this.signer.signFields(purpose, [subject, userId, String(expiresAt)]);
    const query = `u=${encodeURIComponent(userId)}&expires=${expiresAt}&sig=${signature}`;
    const separator = BASE_PATHS[purpose].includes("?") ? "&" : "?";
    return { path: `${BASE_PATHS[purpose]}${subject}${separator}${query}`, expiresAt };
  }

  /** Returns the user the link was made for; throws `link_expired` for an expired or forged link. */
  verify(purpose: LinkPurpose, subject: string, query: LinkQuery, now: number): string {
    const expiresAt = Number(query.expires);
    const { u: userId, sig } = query;
    if (!sig || !userId || !Number.isSafeInteger(expiresAt)) {
      throw new NimbusError("link_expired", "malformed link");
    }
    if (!this.signer.verifyFields(purpose, [subject, userId, String(expiresAt)], sig)) {
      throw new NimbusError("link_expired", "bad signature");
    }
    if (expiresAt <= now) throw new NimbusError("link_expired", "expired");
    return userId;
  }
}
