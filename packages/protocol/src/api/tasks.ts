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
  params: z.record(z.string(), z.string()),
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
});
