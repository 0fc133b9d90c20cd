import { NimbusError } from "@nimbus/protocol";
import { Signer } from "../../lib/signer.js";

export const DOWNLOAD_LINK_TTL_MS = 6 * 60 * 60 * 1000;
/** Expiries are rounded up to this step, so a link stays the same URL (and cacheable) for a while. */
const EXPIRY_STEP_MS = 15 * 60 * 1000;
/** Links remembered per generation of `DownloadLinks`' memo (two are kept: at most ~6 MB). */
const REMEMBERED_LINKS = 8192;

/**
 * What a link grants: a file's bytes, a thumbnail of it, a zip of several items, an HLS
 * stream of it (playlists and segments, decision 0060) or a subtitle track as WebVTT.
 */
export type LinkPurpose = "download" | "thumbnail" | "zip" | "hls" | "subtitle";

export interface SignedLink {
  /** Path and query, to be put behind the public origin. */
  readonly path: string;
  readonly expiresAt: number;
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
  hls: "/drive/v1/hls/",
  subtitle: "/drive/v1/subtitles/",
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
  /**
   * Links made lately, by everything they sign. A link is the same for a whole expiry step,
   * so listing the same items again (a refresh, paging back, the list reloaded after a
   * drive event) finds its links here instead of paying an HMAC for each: that was most of
   * a 100-file page's presenting time, and the HMAC objects a good part of its GC pauses.
   * Two generations: when `recent` fills it becomes `older`, which is dropped. Zip links
   * are not kept: one is made per download action, and its subject (an id list) has no bound.
   */
  private recent = new Map<string, SignedLink>();
  private older = new Map<string, SignedLink>();

  constructor(secretKey: string) {
    this.signer = new Signer(secretKey, "files");
  }

  /** A link to a file's bytes for `holder`. */
  sign(fileId: string, holder: LinkHolder, now: number): SignedLink {
    return this.signFor("download", fileId, holder, now);
  }

  signFor(purpose: LinkPurpose, subject: string, holder: LinkHolder, now: number): SignedLink {
    const expiresAt = Math.ceil((now + DOWNLOAD_LINK_TTL_MS) / EXPIRY_STEP_MS) * EXPIRY_STEP_MS;
    if (purpose === "zip") return this.make(purpose, subject, holder, expiresAt);
    const { userId, generation, shareId = "" } = holder;
    // One string per distinct link: the ids are length-prefixed and the subject comes last.
    const key = `${purpose} ${expiresAt} ${generation} ${userId.length}:${userId}${shareId.length}:${shareId}${subject}`;
    const known = this.recent.get(key);
    if (known) return known;
    const link = this.older.get(key) ?? this.make(purpose, subject, holder, expiresAt);
    if (this.recent.size >= REMEMBERED_LINKS) {
      this.older = this.recent;
      this.recent = new Map();
    }
    this.recent.set(key, link);
    return link;
  }

  private make(purpose: LinkPurpose, subject: string, holder: LinkHolder, expiresAt: number): SignedLink {
    const fields = holderFields(holder);
    const signature = this.signer.signFields(purpose, [subject, ...fields, String(expiresAt)]);
    const [u, g, s] = fields.map(encodeURIComponent);
    const query = `u=${u}&g=${g}${s ? `&s=${s}` : ""}&expires=${expiresAt}&sig=${signature}`;
    const separator = BASE_PATHS[purpose].includes("?") ? "&" : "?";
    return { path: `${BASE_PATHS[purpose]}${subject}${separator}${query}`, expiresAt };
  }

  /**
   * A link whose proof is a path segment, `<base><subject>/<token>/`: names appended to it
   * (an HLS master's relative `main.m3u8`, `init.mp4`, `12.m4s`) are covered by the same
   * signature, so a playlist lists plain relative names. The token signs the same fields
   * as a query link (purpose, subject, holder, expiry).
   */
  signPath(purpose: LinkPurpose, subject: string, holder: LinkHolder, now: number): SignedLink {
    const expiresAt = Math.ceil((now + DOWNLOAD_LINK_TTL_MS) / EXPIRY_STEP_MS) * EXPIRY_STEP_MS;
    const fields = holderFields(holder);
    const signature = this.signer.signFields(purpose, [subject, ...fields, String(expiresAt)]);
    const b64 = (value: string) => Buffer.from(value).toString("base64url");
    const token = `${b64(fields[0])}.${fields[1]}.${b64(fields[2])}.${expiresAt}.${signature}`;
    return { path: `${BASE_PATHS[purpose]}${subject}/${token}/`, expiresAt };
  }

  /** The holder of a `signPath` token; throws `link_expired` for an expired or forged one. */
  verifyPath(purpose: LinkPurpose, subject: string, token: string, now: number): LinkHolder {
    const parts = token.split(".");
    if (parts.length !== 5) throw new NimbusError("link_expired", "malformed link");
    const [u = "", g, s = "", expires, sig] = parts;
    const text = (value: string) => Buffer.from(value, "base64url").toString("utf8");
    return this.verify(purpose, subject, { u: text(u), g, s: text(s) || undefined, expires, sig }, now);
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
