import { mkdir, writeFile } from "node:fs/promises";
import { isIP } from "node:net";
import path from "node:path";
import {
  type CreateFileBody,
  type DriveTask,
  FILE_KIND,
  NimbusError,
  RESOURCE_LIST_MAX_URLS,
  type TaskCommand,
} from "@nimbus/protocol";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { Config } from "../../config/config.js";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import type { FileOperations, FilesRepository, FilesService } from "../files/index.js";
import { type TaskJobs, TaskSuspended } from "../tasks/task-jobs.js";
import type { TaskService } from "../tasks/task-service.js";
import type { UploadService } from "../uploads/upload-service.js";
import type { UsersRepository } from "../users/users-repository.js";
import { OFFLINE_TASK_TYPE, OfflineCaps, type OfflineQuotas, type PlanLimits } from "./offline-caps.js";
import { OfflineCommit } from "./offline-commit.js";
import { linkText, parseLink } from "./offline-links.js";
import { OfflinePlaces } from "./offline-places.js";
import { type OfflineJob, OfflineRunner, sourceFor } from "./offline-runner.js";
import type { OfflineLink, OfflineManifest, OfflineSource } from "./offline-source.js";
import { addressRefused, isAddressAllowed } from "./ssrf-guard.js";

export { OFFLINE_TASK_TYPE, type OfflinePlan, type PlanLimits } from "./offline-caps.js";

export const OFFLINE_JOB = "offline.fetch";
/** How long the URL checker waits for one link. */
export const INSPECT_TIMEOUT_MS = 10_000;

/** One URL-checker answer: what a link holds, or why it cannot be read. */
export type CheckedLink = { url: string; manifest: OfflineManifest } | { url: string; error: NimbusError };

export interface OfflineServiceDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, "offline">;
  blobs: BlobStore;
  users: UsersRepository;
  tasks: TaskService;
  taskJobs: TaskJobs;
  uploads: UploadService;
  files: FilesService;
  filesRepository: FilesRepository;
  operations: FileOperations;
  sources: OfflineSource[];
  plans?: PlanLimits;
  /** The user's `filterFilesWhenCreate` setting (decision 0045); absent: off. */
  filterJunk?: (userId: string) => Promise<boolean>;
}

/**
 * Cloud download (decision 0025), as the API sees it: creating offline tasks
 * (validation, caps and enqueueing only), commands (pause, resume, retry), deletion, the
 * URL checker and the caps in `about`. The job itself is `OfflineRunner`; filing its
 * result `OfflineCommit`; the caps `OfflineCaps`; where results go `OfflinePlaces`.
 */
export class OfflineService {
  private readonly caps: OfflineCaps;
  private readonly places: OfflinePlaces;
  private readonly runner: OfflineRunner;

  constructor(private readonly deps: OfflineServiceDeps) {
    const plans = deps.plans ?? {
      planOf: async (userId: string) => ({
        premium: (await deps.users.findById(userId))?.vip_type !== "novip",
        extraDailyTasks: 0,
      }),
    };
    this.caps = new OfflineCaps({ ...deps, plans });
    this.places = new OfflinePlaces(deps);
    const commit = new OfflineCommit({ ...deps, places: this.places });
    this.runner = new OfflineRunner({ ...deps, caps: this.caps, commit });
  }

  registerJobs(): void {
    const { offline } = this.deps.config;
    this.deps.taskJobs.register<OfflineJob>({
      type: OFFLINE_JOB,
      // Repeatable: a run cut short by shutdown runs again on the next start and resumes from the partial files.
      repeatable: true,
      run: (job, context) => this.runner.run(job, context),
      release: (job) => this.runner.sweep(job.taskId),
      concurrency: offline.concurrency,
      perGroup: offline.perUser,
    });
  }

  /** `POST /drive/v1/files` with `UPLOAD_TYPE_URL`: validates, checks the caps, creates the task and enqueues it. */
  async create(userId: string, body: CreateFileBody, locale?: string): Promise<DriveTask> {
    const request = body.url;
    if (!request || (!request.url && !request.file_id)) {
      throw new NimbusError("invalid_argument", "url.url or url.file_id is required", {
        metadata: { field: "url" },
      });
    }
    const link = request.file_id
      ? await this.torrentFromDrive(userId, request.file_id)
      : parseLink(request.url ?? "");
    if (!sourceFor(this.deps.sources, link)) {
      throw new NimbusError(
        "offline_link_unsupported",
        `${link.kind} links are not available on this server`,
      );
    }
    this.refuseUnreachableHost(link);
    await this.caps.checkDailyCap(userId);
    const parentId = body.parent_id || (await this.places.downloadsFolder(userId, locale));
    if (body.parent_id) await this.places.requireFolder(userId, body.parent_id);
    const params: Record<string, string> = {
      url: linkText(link),
      parent_id: parentId,
      speed: "0",
      downloaded_bytes: "0",
      predict_speed: "0",
      ...(request.files && { files: request.files.join(",") }),
      ...(!request.files && (await this.deps.filterJunk?.(userId)) && { filter_junk: "1" }),
      ...(body.name && { name: body.name }),
    };
    const name =
      body.name ||
      (link.kind === "url" ? (new URL(link.url).pathname.split("/").pop() ?? "") : "") ||
      linkText(link);
    const task = await this.deps.taskJobs.submit<OfflineJob>(
      OFFLINE_JOB,
      { userId, type: OFFLINE_TASK_TYPE, name: name.slice(0, 255), params },
      (created) => ({ taskId: created.id, userId }),
      { group: userId },
    );
    if (link.kind === "torrent") {
      await mkdir(this.dirOf(task.id), { recursive: true });
      await writeFile(path.join(this.dirOf(task.id), ".link.torrent"), link.torrent);
    }
    return task;
  }

  /** `POST /drive/v1/task`: RETRY (from ERROR), PAUSE (PENDING or RUNNING), RESUME (PAUSED). */
  async command(userId: string, taskId: string, command: TaskCommand): Promise<DriveTask> {
    const task = await this.deps.tasks.get(userId, taskId);
    if (task.type !== OFFLINE_TASK_TYPE)
      throw new NimbusError("task_not_found", undefined, { metadata: { id: taskId } });
    const job: OfflineJob = { taskId, userId };
    if (command === "PAUSE" && (task.phase === "PHASE_TYPE_PENDING" || task.phase === "PHASE_TYPE_RUNNING")) {
      await this.deps.tasks.update(taskId, {
        phase: "PHASE_TYPE_PAUSED",
        params: { command: "pause", speed: "0" },
      });
      this.runner.abort(taskId, new TaskSuspended(false));
    } else if (command === "RESUME" && task.phase === "PHASE_TYPE_PAUSED") {
      await this.deps.tasks.update(taskId, { params: { command: "" } });
      const queued = await this.deps.taskJobs.requeue(OFFLINE_JOB, job, { group: userId });
      return queued ?? this.deps.tasks.get(userId, taskId);
    } else if (command === "RETRY" && task.phase === "PHASE_TYPE_ERROR") {
      await this.caps.checkDailyCap(userId);
      await this.deps.tasks.update(taskId, { params: { command: "" } });
      const queued = await this.deps.taskJobs.requeue(OFFLINE_JOB, job, { group: userId });
      return queued ?? this.deps.tasks.get(userId, taskId);
    }
    return this.deps.tasks.get(userId, taskId);
  }

  /**
   * Before `DELETE /drive/v1/tasks`: stops the caller's running offline tasks among
   * `ids`, sweeps their temp data, and with `deleteFiles` trashes their results.
   */
  async beforeDelete(userId: string, ids: readonly string[], deleteFiles: boolean): Promise<void> {
    if (ids.length === 0) return;
    const rows = await this.deps.tasks.ownedAmong(userId, OFFLINE_TASK_TYPE, ids);
    for (const row of rows) {
      const stopped = this.runner.abort(row.id, new TaskSuspended(true));
      if (!stopped && row.phase !== "PHASE_TYPE_RUNNING") await this.runner.sweep(row.id);
    }
    if (deleteFiles) {
      const files = rows.filter((r) => r.phase === "PHASE_TYPE_COMPLETE" && r.file_id).map((r) => r.file_id);
      if (files.length > 0) await this.deps.operations.trash(userId, files);
    }
  }

  /** The URL checker: each line inspected (time-capped), in order. */
  async checkUrls(_userId: string, urls: string): Promise<CheckedLink[]> {
    const lines = urls
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length > RESOURCE_LIST_MAX_URLS) {
      throw new NimbusError("offline_link_invalid", `at most ${RESOURCE_LIST_MAX_URLS} links`, {
        metadata: { field: "urls" },
      });
    }
    return Promise.all(
      lines.map(async (url): Promise<CheckedLink> => {
        try {
          const link = parseLink(url);
          const source = sourceFor(this.deps.sources, link);
          if (!source)
            throw new NimbusError("offline_link_unsupported", `${link.kind} links are not available`);
          const signal = AbortSignal.timeout(INSPECT_TIMEOUT_MS);
          const manifest = await source.inspect(link, signal).catch((error: unknown) => {
            if (signal.aborted)
              throw new NimbusError("offline_fetch_timeout", "the link did not answer in time");
            throw error;
          });
          return { url, manifest };
        } catch (error) {
          return {
            url,
            error:
              error instanceof NimbusError ? error : new NimbusError("offline_fetch_failed", String(error)),
          };
        }
      }),
    );
  }

  /** The `offline` entry of `about.quotas` and `over_free_task_limit`. */
  quotas(userId: string): Promise<OfflineQuotas> {
    return this.caps.quotas(userId);
  }

  /** Stops the sources' background work at shutdown. */
  async close(): Promise<void> {
    await Promise.all(this.deps.sources.map((source) => source.close?.()));
  }

  dirOf(taskId: string): string {
    return this.runner.dirOf(taskId);
  }

  /**
   * A web link to an address literal the SSRF guard refuses, or to `localhost`, is
   * refused now rather than by the job, so it spends none of the day's tasks. Names that
   * resolve to such addresses are still refused when the job connects.
   */
  private refuseUnreachableHost(link: OfflineLink): void {
    if (link.kind !== "url" || this.deps.config.offline.allowPrivate) return;
    const host = new URL(link.url).hostname;
    const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
    const loopbackName = bare === "localhost" || bare.endsWith(".localhost");
    if (loopbackName || (isIP(bare) !== 0 && !isAddressAllowed(bare))) throw addressRefused(host);
  }

  private async torrentFromDrive(userId: string, fileId: string): Promise<OfflineLink> {
    const file = await this.deps.filesRepository.findOwned(userId, fileId);
    if (!file || file.kind !== FILE_KIND.file || file.trashed_at !== null || !file.blob_gcid) {
      throw new NimbusError("file_not_found", undefined, { metadata: { id: fileId } });
    }
    if (Number(file.size) > 2 * 1024 * 1024)
      throw new NimbusError("offline_link_invalid", "not a .torrent file");
    const chunks: Buffer[] = [];
    for await (const chunk of await this.deps.blobs.get(file.blob_gcid)) chunks.push(chunk as Buffer);
    return { kind: "torrent", torrent: new Uint8Array(Buffer.concat(chunks)), name: file.name };
  }
}
