import { z } from "zod";
import { MAX_BATCH_IDS } from "../drive.js";
import { fileSchema } from "./files.js";

const idSchema = z.string().min(1).max(64);
const idsSchema = z.array(idSchema).min(1).max(MAX_BATCH_IDS);

/** `PATCH /drive/v1/files/{id}`: rename. A taken name becomes `name (n).ext` unless `on_conflict` is `fail`. */
export const renameFileRequestSchema = z.object({
  name: z.string(),
  on_conflict: z.enum(["rename", "fail"]).default("rename"),
});
export type RenameFileRequest = z.infer<typeof renameFileRequestSchema>;

/** `:batchTrash`, `:batchUntrash`, `:batchDelete`, `:star`, `:unstar`. */
export const batchIdsRequestSchema = z.object({ ids: idsSchema });
export type BatchIdsRequest = z.infer<typeof batchIdsRequestSchema>;

/** `:batchMove`, `:batchCopy`: `to.parent_id` '' is the root. */
export const batchMoveRequestSchema = z.object({
  ids: idsSchema,
  to: z.object({ parent_id: z.string().max(64) }),
});
export type BatchMoveRequest = z.infer<typeof batchMoveRequestSchema>;

/**
 * Every batch call's answer. `task_id` is '' when the work is done; otherwise it
 * names a `drive#task` to poll at `/drive/v1/tasks/{id}`. Moves and synchronous
 * copies list the resulting top-level items in `files`.
 */
export const batchResultSchema = z.object({
  task_id: z.string(),
  files: z.array(fileSchema).optional(),
});
export type BatchResult = z.infer<typeof batchResultSchema>;
