import { z } from "zod";
import { MAX_PAGE_LIMIT, PHASES } from "../drive.js";

export const taskSchema = z.object({
  kind: z.literal("drive#task"),
  id: z.string(),
  type: z.string(),
  name: z.string(),
  phase: z.enum(PHASES),
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  file_id: z.string(),
  file_name: z.string(),
  message: z.string(),
  created_time: z.string(),
  updated_time: z.string(),
  /**
   * Offline (cloud download) tasks: `url`, `speed` (bytes/s), `peers`, `total_bytes`,
   * `downloaded_bytes`, `predict_speed`, all strings; other types their own keys.
   */
  params: z.record(z.string(), z.string()),
  /** Bytes of the task's result (offline tasks), PikPak style; absent when unknown. */
  file_size: z.string().optional(),
});
export type DriveTask = z.infer<typeof taskSchema>;

export const taskListSchema = z.object({
  kind: z.literal("drive#taskList"),
  tasks: z.array(taskSchema),
  next_page_token: z.string(),
});
export type DriveTaskList = z.infer<typeof taskListSchema>;

export const listTasksQuerySchema = z.object({
  type: z.string().max(32).optional(),
  /** `{"phase":{"eq":"PHASE_TYPE_RUNNING"}}` or `{"phase":{"in":["PHASE_TYPE_PENDING","PHASE_TYPE_RUNNING"]}}`. */
  filters: z.string().max(4096).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).optional(),
  page_token: z.string().max(2048).optional(),
});

export const deleteTasksQuerySchema = z.object({
  /** Comma-separated, or the parameter repeated. */
  task_ids: z.union([z.string().max(8192), z.array(z.string().max(8192)).max(100)]),
  /** Also move the tasks' results (offline downloads) to the trash. Default false. */
  delete_files: z
    .enum(["true", "false", "1", "0"])
    .transform((v) => v === "true" || v === "1")
    .optional(),
});

/** What `POST /drive/v1/task` does to a task (offline tasks). */
export const TASK_COMMANDS = ["RETRY", "PAUSE", "RESUME"] as const;
export type TaskCommand = (typeof TASK_COMMANDS)[number];

/** `POST /drive/v1/task {type:"offline", create_type, id}`: answers `{task}`. */
export const taskCommandRequestSchema = z.object({
  type: z.literal("offline"),
  create_type: z.enum(TASK_COMMANDS),
  id: z.string().min(1).max(64),
});
export type TaskCommandRequest = z.infer<typeof taskCommandRequestSchema>;
