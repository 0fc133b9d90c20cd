import {
  type DriveTask,
  nimbusApi,
  type OfflineUrl,
  type Resource,
  type TaskCommand,
} from "@nimbus/protocol";
import { callEndpoint } from "../../api/client.js";

/** A cloud-download task as the Tasks view reads it. */
export type OfflineTask = DriveTask;

/** What the link checker says about one link. */
export type CheckedResource = Resource;

/** One link of the create call: a link (or a dropped torrent as `data:`), or a `.torrent` in the drive. */
export type CreateTaskSource = OfflineUrl;

/** The most links one checker call takes (the protocol's `RESOURCE_LIST_MAX_URLS`, kept here so no schema code ships). */
export const CHECK_BATCH = 20;

/** The phases the Tasks view lists: all of them. */
const ALL_PHASES = [
  "PHASE_TYPE_PENDING",
  "PHASE_TYPE_RUNNING",
  "PHASE_TYPE_PAUSED",
  "PHASE_TYPE_ERROR",
  "PHASE_TYPE_COMPLETE",
];

/** The cloud-download calls, bound to the page's locale (error texts come back in it). */
export function offlineApi(locale: string) {
  const { drive } = nimbusApi;
  return {
    /** One task; no `parentId` saves into "My Downloads". */
    create: (source: CreateTaskSource, parentId: string | undefined) =>
      callEndpoint(drive.createFile, {
        body: {
          kind: "drive#file",
          upload_type: "UPLOAD_TYPE_URL",
          url: source,
          ...(parentId !== undefined ? { parent_id: parentId } : {}),
        },
        locale,
      }),
    check: (urls: string[], signal?: AbortSignal) =>
      callEndpoint(drive.resourceList, { body: { urls: urls.join("\n") }, locale, signal }),
    list: (pageToken?: string, signal?: AbortSignal) =>
      callEndpoint(drive.listTasks, {
        query: {
          type: "offline",
          filters: JSON.stringify({ phase: { in: ALL_PHASES } }),
          limit: 100,
          page_token: pageToken || undefined,
        },
        locale,
        signal,
      }),
    control: (id: string, command: TaskCommand) =>
      callEndpoint(drive.taskCommand, { body: { type: "offline", create_type: command, id }, locale }),
    remove: (ids: string[], deleteFiles: boolean) =>
      callEndpoint(drive.deleteTasks, {
        query: { task_ids: ids.join(","), delete_files: deleteFiles ? "true" : "false" },
        locale,
      }),
  };
}

export type OfflineApi = ReturnType<typeof offlineApi>;
