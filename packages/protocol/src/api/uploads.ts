import { z } from "zod";
import { int64String } from "./common.js";
import { createFileRequestSchema, createFileResponseSchema, fileSchema } from "./files.js";
import { offlineUrlSchema } from "./offline.js";
import { taskSchema } from "./tasks.js";

/** The tus upload the server hands out (`resumable.provider`). */
export const TUS_PROVIDER = "NIMBUS_TUS";

const gcidInput = z
  .string()
  .regex(/^[0-9a-fA-F]{40}$/, "a GCID is 40 hex digits")
  .transform((value) => value.toUpperCase());
const sha1Hex = z.string().regex(/^[0-9a-fA-F]{40}$/, "a SHA-1 is 40 hex digits");
const sha256Hex = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, "a SHA-256 is 64 hex digits")
  .transform((value) => value.toLowerCase());

/**
 * `POST /drive/v1/files`: the fields every create takes, plus the upload ones.
 * `hash` is the GCID; `block_sha256` (SHA-256 over the SHA-256 of each GCID block, sent by
 * Nimbus's own clients, decision 0071) or `sha256` (the whole file's, older clients) makes
 * dedup collision-safe; `relative_path` places the file under folders created on
 * demand; `challenge_id` + `challenge_sha1` answer an instant-upload challenge.
 * `upload_type: "UPLOAD_TYPE_URL"` with `url` starts a cloud download (`name`
 * optional: the link's own name is used; no `parent_id`: "My Downloads").
 */
export const createFileBodySchema = createFileRequestSchema.extend({
  name: z.string().default(""),
  url: offlineUrlSchema.optional(),
  hash: gcidInput.optional(),
  sha256: sha256Hex.optional(),
  block_sha256: sha256Hex.optional(),
  relative_path: z.string().min(1).max(4096).optional(),
  challenge_id: z.string().min(1).max(64).optional(),
  challenge_sha1: sha1Hex.optional(),
});
export type CreateFileBody = z.infer<typeof createFileBodySchema>;

export const resumableSchema = z.object({
  kind: z.literal("drive#resumable"),
  provider: z.literal(TUS_PROVIDER),
  params: z.object({
    /** The tus 1.0 upload URL: resume it directly (tus-js-client `uploadUrl`), HEAD then PATCH. */
    url: z.string(),
    /** The tus creation endpoint, for clients that insist on POST (Upload-Metadata `upload_id`). */
    endpoint: z.string(),
    upload_id: z.string(),
    /** When the upload is given up if no byte arrives (RFC 3339); every request pushes it back. */
    expires_at: z.string(),
  }),
});
export type Resumable = z.infer<typeof resumableSchema>;

/** Prove you hold the bytes: SHA-1 (hex) of bytes `start`..`end` (inclusive) of the file. */
export const uploadChallengeSchema = z.object({
  kind: z.literal("drive#uploadChallenge"),
  id: z.string(),
  algorithm: z.literal("SHA1"),
  start: int64String,
  end: int64String,
  expires_at: z.string(),
});
export type UploadChallenge = z.infer<typeof uploadChallengeSchema>;

/**
 * A folder or an upload answers `file` (and `task: null`); a cloud download
 * (`UPLOAD_TYPE_URL`) answers `file: null` and its `task` (`type: "offline"`).
 */
export const createFileAnswerSchema = createFileResponseSchema.extend({
  file: fileSchema.nullable(),
  task: taskSchema.nullable(),
  resumable: resumableSchema.optional(),
  challenge: uploadChallengeSchema.optional(),
});

/** The `:uploadId` of a tus upload URL. */
export const tusUploadParamsSchema = z.object({ uploadId: z.string().min(1).max(64) });
