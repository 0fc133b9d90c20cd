import type { DriveTask, Phase } from "@nimbus/protocol";
import type { Selectable } from "kysely";
import type { TasksTable } from "../../db/schema.js";
import { isoTime } from "../../lib/clock.js";

export type TaskRow = Selectable<TasksTable>;

export function presentTask(row: TaskRow): DriveTask {
  const params = parseParams(row.params);
  return {
    kind: "drive#task",
    id: row.id,
    type: row.type,
    name: row.name,
    phase: row.phase as Phase,
    progress: row.progress,
    file_id: row.file_id,
    file_name: row.file_name,
    message: row.message,
    created_time: isoTime(row.created_at),
    updated_time: isoTime(row.updated_at),
    params,
    ...(params.file_size !== undefined && { file_size: params.file_size }),
  };
}

export function parseParams(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
  } catch {
    return {};
  }
}
