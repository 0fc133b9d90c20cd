import { z } from "zod";
import { FILE_KIND, FILE_ORDERS, MAX_PAGE_LIMIT, PHASES, THUMBNAIL_SIZES, UPLOAD_TYPES } from "../drive.js";
import { int64String } from "./common.js";
import { transferQuotaSchema } from "./downloads.js";
import { playbackPositionSchema } from "./playback.js";

const linkSchema = z.object({ url: z.string(), token: z.string(), expire: z.string() });

export const fileSchema = z.object({
  kind: z.enum([FILE_KIND.file, FILE_KIND.folder]),
  id: z.string(),
  parent_id: z.string(),
  name: z.string(),
  user_id: z.string(),
  size: int64String,
  file_extension: z.string(),
  mime_type: z.string(),
  created_time: z.string(),
  modified_time: z.string(),
  trashed: z.boolean(),
  /** When the item went to the trash (with its folder, the folder's time); only on trashed items. */
  trashed_time: z.string().optional(),
  /** When the trash expiry deletes it for good; only on trashed items. */
  delete_time: z.string().optional(),
  starred: z.boolean(),
  phase: z.enum(PHASES),
  hash: z.string(),
  thumbnail_link: z.string(),
  web_content_link: z.string(),
  links: z.record(z.string(), linkSchema),
  medias: z.array(z.record(z.string(), z.unknown())),
  /** Where the caller stopped playing this video or song (Recent shows it as progress); absent when never played. */
  playback_position: playbackPositionSchema.optional(),
});
export type DriveFile = z.infer<typeof fileSchema>;

export const fileListSchema = z.object({
  kind: z.literal("drive#fileList"),
  files: z.array(fileSchema),
  next_page_token: z.string(),
});
export type DriveFileList = z.infer<typeof fileListSchema>;

const queryFlag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

export const listFilesQuerySchema = z.object({
  /** '' is the root; `*` is the whole drive (search, starred, categories). */
  parent_id: z.string().max(64).default(""),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).optional(),
  page_token: z.string().max(2048).optional(),
  thumbnail_size: z.enum(THUMBNAIL_SIZES).optional(),
  filters: z.string().max(4096).optional(),
  /** Sort order (spec §3); `sort` is accepted as an alias. Default modified time descending. */
  order: z.enum(FILE_ORDERS).optional(),
  sort: z.enum(FILE_ORDERS).optional(),
  /** Folders before files (default true, as the spec's display mode). */
  pin_folders_top: queryFlag.optional(),
});

export const createFileRequestSchema = z.object({
  kind: z.enum([FILE_KIND.file, FILE_KIND.folder]),
  name: z.string(),
  parent_id: z.string().max(64).default(""),
  upload_type: z.enum(UPLOAD_TYPES).optional(),
  size: z.union([int64String, z.number().int().nonnegative()]).optional(),
  hash: z.string().max(64).optional(),
  mime_type: z.string().max(255).optional(),
});
export type CreateFileRequest = z.infer<typeof createFileRequestSchema>;

export const uploadFormSchema = z.object({
  kind: z.literal("drive#form"),
  url: z.string(),
  method: z.literal("PUT"),
  headers: z.record(z.string(), z.string()),
  max_size: int64String,
});

export const createFileResponseSchema = z.object({
  upload_type: z.string(),
  file: fileSchema,
  form: uploadFormSchema.optional(),
  task: z.null(),
});

export const aboutSchema = z.object({
  kind: z.literal("drive#about"),
  quota: z.object({
    kind: z.literal("drive#quota"),
    limit: int64String,
    usage: int64String,
    usage_in_trash: int64String,
  }),
  /**
   * Monthly transfer quotas by category: `download` (free or premium plus traffic packs)
   * and `offline` (cloud-download bytes this month, with today's task count and cap):
   * `total_assets` the allowance ("-1" unlimited), `assets` what is left.
   */
  quotas: z
    .object({
      download: transferQuotaSchema.optional(),
      offline: z
        .object({
          total_assets: z.string().regex(/^-?\d+$/),
          assets: z.string().regex(/^-?\d+$/),
          /** Tasks created today and the daily cap ("-1" unlimited). */
          daily_tasks_used: z.string().optional(),
          daily_tasks_limit: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
  /** The web's `overFreeTaskLimit`: today's cloud-download cap for a free account is reached. */
  over_free_task_limit: z.boolean().optional(),
  /** Days a trashed item waits before it is deleted for good (the server's TRASH_RETENTION_DAYS). */
  trash_retention_days: z.number().positive().optional(),
});
export type About = z.infer<typeof aboutSchema>;
