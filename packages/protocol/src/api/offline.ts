import { z } from "zod";
import { errorBodySchema } from "./common.js";

/** At most this many links in one URL-checker call. */
export const RESOURCE_LIST_MAX_URLS = 20;
/** A dropped `.torrent` sent as a `data:` URL: at most this many decoded bytes. */
export const TORRENT_DATA_URL_MAX_BYTES = 2 * 1024 * 1024;

/**
 * `url` of `POST /drive/v1/files` with `upload_type: "UPLOAD_TYPE_URL"` (a cloud
 * download). `url` is an `http(s)://`, `thunder://`, `magnet:?` or
 * `data:application/x-bittorrent;base64,…` link (`ed2k://` is refused with
 * `offline_link_unsupported`); `file_id` a `.torrent` file in the caller's drive
 * instead. `files`: indexes (strings) of the manifest files to keep; all when absent.
 */
export const offlineUrlSchema = z.object({
  url: z
    .string()
    .min(1)
    .max(4 * 1024 * 1024)
    .optional(),
  file_id: z.string().min(1).max(64).optional(),
  files: z
    .array(z.string().regex(/^\d{1,6}$/))
    .max(7000)
    .optional(),
});
export type OfflineUrl = z.infer<typeof offlineUrlSchema>;

/** `POST /drive/v1/resource/list`: one link per line, at most 20. */
export const resourceListRequestSchema = z.object({
  urls: z
    .string()
    .min(1)
    .max(4 * 1024 * 1024),
});

export const resourceFileSchema = z.object({
  /** What `url.files` names. */
  index: z.string(),
  /** Slash-joined path inside the result folder. */
  path: z.string(),
  /** Bytes, when known. */
  size: z.string().optional(),
});

export const resourceSchema = z.object({
  url: z.string(),
  status: z.enum(["ok", "error"]),
  /** The spec's error object, when `status` is `error`. */
  error: errorBodySchema.optional(),
  name: z.string(),
  file_size: z.string().optional(),
  folder: z.boolean(),
  mime_type: z.string().optional(),
  files: z.array(resourceFileSchema),
});
export type Resource = z.infer<typeof resourceSchema>;

export const resourceListSchema = z.object({ resources: z.array(resourceSchema) });
export type ResourceList = z.infer<typeof resourceListSchema>;
