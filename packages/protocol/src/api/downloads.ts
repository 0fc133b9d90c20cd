import { z } from "zod";
import { int64String } from "./common.js";

/** `POST /drive/v1/files:download`: several files and folders as one zip. */
export const zipLinkRequestSchema = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1).max(100),
});
export type ZipLinkRequest = z.infer<typeof zipLinkRequestSchema>;

/** A signed, expiring link streaming the zip (GET or HEAD, no credentials needed). */
export const zipLinkSchema = z.object({
  kind: z.literal("drive#zipLink"),
  name: z.string(),
  url: z.string(),
  expire: z.string(),
});
export type ZipLink = z.infer<typeof zipLinkSchema>;

/** A monthly transfer quota (`quotas.download` of `/drive/v1/about`): allowance and what is left. */
export const transferQuotaSchema = z.object({
  total_assets: int64String,
  assets: int64String,
  usage: int64String,
});
export type TransferQuotaBody = z.infer<typeof transferQuotaSchema>;

/** The original rendition of a video or audio file in `drive#file.medias`. */
export const mediaSchema = z.object({
  media_id: z.string(),
  media_name: z.string(),
  resolution_name: z.string(),
  is_origin: z.boolean(),
  is_default: z.boolean(),
  link: z.object({ url: z.string(), token: z.string(), expire: z.string() }),
  video: z
    .object({
      duration: z.number(),
      width: z.number(),
      height: z.number(),
      bit_rate: z.number(),
      frame_rate: z.string(),
      video_codec: z.string(),
      audio_codec: z.string(),
    })
    .nullable(),
  /** Spec §5: eac3 audio is flagged unsupported so the web can warn before playing. */
  audio_codec_unsupported: z.boolean(),
});
export type Media = z.infer<typeof mediaSchema>;

/** The query of a signed link (downloads, zips, thumbnails): who it was made for, until when, its signature. */
export const signedLinkQuery = z.object({
  u: z.string().max(64).optional(),
  g: z.string().max(20).optional(),
  s: z.string().max(64).optional(),
  expires: z.string().max(20).optional(),
  sig: z.string().max(128).optional(),
});
