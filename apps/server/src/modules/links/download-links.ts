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
  g?: string | undefined;
  s?: string | undefined;
  expires?: string | undefined;
  sig?: string | undefined;
}

/**
 * Whom a link was made for, checked again on every use (`LinkChecks`): the user whose
 * traffic pays, with their session generation at signing (signing out everywhere and a
 * password change bump it), and the share it was handed out through, if any.
 */
export interface LinkHolder {
  /** '' for an anonymous share visitor (their address's allowance pays). */
  userId: string;
  generation: number;
  shareId?: string | undefined;
}

const BASE_PATHS: Record<LinkPurpose, string> = {
  download: "/drive/v1/download/",
  thumbnail: "/drive/v1/thumbnails/",
  zip: "/drive/v1/zip?ids=",
};

/**
 * Short-lived signed links: they carry their own proof, so players and download
 * managers need no cookie or token. Each names its holder (`u` user, `g` session
 * generation, `s` share), whose standing is checked again when it is used. The
 * signature covers the purpose, the subject (file id, `fileId/size`, or a zip's id
 * list), the holder and the expiry.
 */
export class DownloadLinks {
  private readonly signer: Signer;

  constructor(secretKey: string) {
    this.signer = new Signer(secretKey, "files");
  }

  /** A link to a file's bytes for `holder`. */
  sign(fileId: string, holder: LinkHolder, now: number): SignedLink {
    return this.signFor("download", fileId, holder, now);
  }

  signFor(purpose: LinkPurpose, subject: string, holder: LinkHolder, now: number): SignedLink {
    const expiresAt = Math.ceil((now + DOWNLOAD_LINK_TTL_MS) / EXPIRY_STEP_MS) * EXPIRY_STEP_MS;
    const fields = holderFields(holder);
    const signature = this.signer.signFields(purpose, [subject, ...fields, String(expiresAt)]);
    const [u, g, s] = fields.map(encodeURIComponent);
    const query = `u=${u}&g=${g}${s ? `&s=${s}` : ""}&expires=${expiresAt}&sig=${signature}`;
    const separator = BASE_PATHS[purpose].includes("?") ? "&" : "?";
    return { path: `${BASE_PATHS[purpose]}${subject}${separator}${query}`, expiresAt };
  }

  /** Returns the link's holder; throws `link_expired` for an expired or forged link. */
  verify(purpose: LinkPurpose, subject: string, query: LinkQuery, now: number): LinkHolder {
    const expiresAt = Number(query.expires);
    const generation = Number(query.g);
    const { u: userId = "", s: shareId, sig } = query;
    if (
      !sig ||
      (!userId && !shareId) ||
      !Number.isSafeInteger(expiresAt) ||
      !Number.isSafeInteger(generation)
    ) {
      throw new NimbusError("link_expired", "malformed link");
    }
    const holder: LinkHolder = { userId, generation, ...(shareId && { shareId }) };
    if (!this.signer.verifyFields(purpose, [subject, ...holderFields(holder), String(expiresAt)], sig)) {
      throw new NimbusError("link_expired", "bad signature");
    }
    if (expiresAt <= now) throw new NimbusError("link_expired", "expired");
    return holder;
  }
}

function holderFields(holder: LinkHolder): [string, string, string] {
  return [holder.userId, String(holder.generation), holder.shareId ?? ""];
}
