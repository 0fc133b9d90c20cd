import { z } from "zod";
import { int64String } from "./common.js";

/** `POST /decompress/v1/list`: the entries of an archive in the drive (zip, 7z, rar). */
export const archiveListRequestSchema = z.object({
  file_id: z.string().min(1).max(64),
  password: z.string().max(256).optional(),
  /** Only the direct children of this folder inside the archive ('' or absent: everything). */
  path: z.string().max(4096).optional(),
});
export type ArchiveListRequest = z.infer<typeof archiveListRequestSchema>;

export const archiveEntrySchema = z.object({
  /** Full path inside the archive, `/`-separated, no leading slash. */
  path: z.string(),
  name: z.string(),
  /** Parent folder path inside the archive ('' at the top). */
  parent_path: z.string(),
  is_dir: z.boolean(),
  size: int64String,
  compressed_size: int64String,
  encrypted: z.boolean(),
  modified_time: z.string(),
});
export type ArchiveEntry = z.infer<typeof archiveEntrySchema>;

export const archiveListSchema = z.object({
  kind: z.literal("drive#archive"),
  file_id: z.string(),
  format: z.enum(["zip", "7z", "rar"]),
  /** True when any entry (or the listing itself) is encrypted. */
  password_protected: z.boolean(),
  entries: z.array(archiveEntrySchema),
  total_size: int64String,
  entry_count: z.number().int(),
});
export type ArchiveList = z.infer<typeof archiveListSchema>;

/** `POST /decompress/v1/decompress`: extract all (or the named paths) into a folder, as a task. */
export const decompressRequestSchema = z.object({
  file_id: z.string().min(1).max(64),
  password: z.string().max(256).optional(),
  /** Paths inside the archive; a folder path takes everything under it. Absent: everything. */
  files: z.array(z.string().max(4096)).max(10_000).optional(),
  to_parent_id: z.string().max(64).default(""),
});
export type DecompressRequest = z.infer<typeof decompressRequestSchema>;
