import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  type CreateFileBody,
  type DriveTask,
  FILE_KIND,
  NimbusError,
  RESOURCE_LIST_MAX_URLS,
  type TaskCommand,
} from "@nimbus/protocol";
import { serverText } from "@nimbus/texts/server";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { Config } from "../../config/config.js";
import type { Db } from "../../db/database.js";
import type { JobContext } from "../../jobs/job-queue.js";
import type { Clock } from "../../lib/clock.js";
import type { FileOperations, FileRow, FilesRepository, FilesService } from "../files/index.js";
import { type TaskJob, type TaskJobs, type TaskResult, TaskSuspended } from "../tasks/task-jobs.js";
import { parseParams } from "../tasks/task-presenter.js";
import type { TaskService } from "../tasks/task-service.js";
import type { UploadService } from "../uploads/upload-service.js";
import type { UsersRepository } from "../users/users-repository.js";
import { withoutJunk } from "./junk-files.js";
import { linkText, parseLink } from "./offline-links.js";
import type { OfflineLink, OfflineManifest, OfflineSource } from "./offline-source.js";

export const OFFLINE_JOB = "offline.fetch";
export const OFFLINE_TASK_TYPE = "offline";
/** How long the URL checker waits for one link. */
export const INSPECT_TIMEOUT_MS = 10_000;
/** Task progress is written at most this often. */
const PROGRESS_WRITE_MS = 1000;
const DAY_MS = 86_400_000;

/** What the caps read of a user's plan: premium, and the extra daily tasks their grants add (task cap packs). */
export interface OfflinePlan {
  premium: boolean;
  extraDailyTasks: number;
}

/** The user's plan for the caps: the membership ledger (`services.ts`); default `users.vip_type` in isolation. */
export interface PlanLimits {
  planOf(userId: string): Promise<OfflinePlan>;
}

interface OfflineJob extends TaskJob {
  userId: string;
}

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
 * Cloud download (decision 0025): creating offline tasks (validation and enqueueing
 * only), the `offline.fetch` job that fetches into the task's temp folder and files
 * the result like an upload, commands (pause, resume, retry), deletion, the URL
 * checker and the daily and monthly caps.
 */
export class OfflineService {
  /** Runs of this process, by task id: aborted on pause or delete. */
  private readonly running = new Map<string, AbortController>();
  private readonly plans: PlanLimits;

  constructor(private readonly deps: OfflineServiceDeps) {
    this.plans = deps.plans ?? {
      planOf: async (userId) => ({
        premium: (await deps.users.findById(userId))?.vip_type !== "novip",
        extraDailyTasks: 0,
      }),
    };
  }

  registerJobs(): void {
    const { offline } = this.deps.config;
    this.deps.taskJobs.register<OfflineJob>({
      type: OFFLINE_JOB,
      // Repeatable: a run cut short by shutdown runs again on the next start and resumes from the partial files.
      repeatable: true,
      run: (job, context) => this.run(job, context),
      release: (job) => this.sweep(job.taskId),
      concurrency: offline.concurrency,
      perGroup: offline.perUser,
    });
  }

  /** `POST /drive/v1/files` with `UPLOAD_TYPE_URL`: validates, checks the caps, creates the task and enqueues it. */
  async create(userId: string, body: CreateFileBody, locale: string): Promise<DriveTask> {
    const request = body.url;
    if (!request || (!request.url && !request.file_id)) {
      throw new NimbusError("invalid_argument", "url.url or url.file_id is required", {
        metadata: { field: "url" },
      });
    }
    const link = request.file_id
      ? await this.torrentFromDrive(userId, request.file_id)
      : parseLink(request.url ?? "");
    if (!this.sourceOf(link)) {
      throw new NimbusError(
        "offline_link_unsupported",
        `${link.kind} links are not available on this server`,
      );
    }
    await this.checkDailyCap(userId);
    const parentId = body.parent_id || (await this.downloadsFolder(userId, locale));
    if (body.parent_id) await this.requireFolder(userId, body.parent_id);
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
      this.running.get(taskId)?.abort(new TaskSuspended(false));
    } else if (command === "RESUME" && task.phase === "PHASE_TYPE_PAUSED") {
      await this.deps.tasks.update(taskId, { params: { command: "" } });
      const queued = await this.deps.taskJobs.requeue(OFFLINE_JOB, job, { group: userId });
      return queued ?? this.deps.tasks.get(userId, taskId);
    } else if (command === "RETRY" && task.phase === "PHASE_TYPE_ERROR") {
      await this.checkDailyCap(userId);
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
    const rows = await this.deps.db
      .selectFrom("tasks")
      .select(["id", "file_id", "phase"])
      .where("user_id", "=", userId)
      .where("type", "=", OFFLINE_TASK_TYPE)
      .where("id", "in", ids)
      .execute();
    for (const row of rows) {
      const controller = this.running.get(row.id);
      if (controller) controller.abort(new TaskSuspended(true));
      else if (row.phase !== "PHASE_TYPE_RUNNING") await this.sweep(row.id);
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
          const source = this.sourceOf(link);
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
  async quotas(userId: string): Promise<{
    offline: { total_assets: string; assets: string; daily_tasks_used: string; daily_tasks_limit: string };
    overFreeTaskLimit: boolean;
  }> {
    const plan = await this.plans.planOf(userId);
    const { premium } = plan;
    const { offline } = this.deps.config;
    const monthly = premium ? offline.monthlyTrafficPremium : offline.monthlyTrafficFree;
    const used = await this.monthlyBytes(userId);
    const daily = this.dailyLimit(plan);
    const today = await this.tasksToday(userId);
    return {
      offline: {
        total_assets: monthly > 0 ? String(monthly) : "-1",
        assets: monthly > 0 ? String(Math.max(0, monthly - used)) : "-1",
        daily_tasks_used: String(today),
        daily_tasks_limit: daily > 0 ? String(daily) : "-1",
      },
      overFreeTaskLimit: !premium && daily > 0 && today >= daily,
    };
  }

  /** Stops the sources' background work at shutdown. */
  async close(): Promise<void> {
    await Promise.all(this.deps.sources.map((source) => source.close?.()));
  }

  dirOf(taskId: string): string {
    return path.join(this.deps.config.offline.dir, taskId.replace(/[^A-Za-z0-9_-]/g, ""));
  }

  // ----- the job -----

  private async run(job: OfflineJob, context: JobContext): Promise<TaskResult> {
    const row = await this.taskRow(job.taskId);
    if (!row) throw new TaskSuspended(true);
    const params = parseParams(row.params);
    if (params.command === "pause") {
      await this.deps.tasks.update(job.taskId, { phase: "PHASE_TYPE_PAUSED" });
      throw new TaskSuspended(false);
    }
    const controller = new AbortController();
    this.running.set(job.taskId, controller);
    const timeout = AbortSignal.timeout(this.deps.config.offline.timeoutMs);
    const signal = AbortSignal.any([controller.signal, context.signal, timeout]);
    try {
      return await this.fetchInto(job, params, signal);
    } catch (error) {
      const reason: unknown = controller.signal.reason;
      if (controller.signal.aborted && reason instanceof TaskSuspended) {
        if (!reason.release)
          await this.deps.tasks.update(job.taskId, { phase: "PHASE_TYPE_PAUSED", params: { speed: "0" } });
        throw reason;
      }
      if (timeout.aborted && !context.signal.aborted) {
        throw new NimbusError(
          "offline_fetch_timeout",
          "the download took longer than OFFLINE_TIMEOUT_SECONDS",
        );
      }
      throw error;
    } finally {
      this.running.delete(job.taskId);
    }
  }

  private async fetchInto(
    job: OfflineJob,
    params: Record<string, string>,
    signal: AbortSignal,
  ): Promise<TaskResult> {
    const dir = this.dirOf(job.taskId);
    await mkdir(dir, { recursive: true });
    const link = await this.linkOf(job.taskId, params);
    const source = this.sourceOf(link);
    if (!source) throw new NimbusError("offline_link_unsupported");
    const manifest = await source.inspect(link, signal);
    const chosen = selection(manifest, params.files);
    const files = manifest.files.filter((f) => chosen.includes(f.index));
    if (params.filter_junk === "1") files.splice(0, files.length, ...withoutJunk(files));
    const selected = files.map((f) => f.index);
    const narrowed = Boolean(params.files) || selected.length < manifest.files.length;
    const total = files.every((f) => f.size !== undefined)
      ? files.reduce((s, f) => s + (f.size ?? 0), 0)
      : undefined;
    await this.deps.tasks.update(job.taskId, {
      ...(!params.name && { fileName: manifest.name }),
      params: { ...(total !== undefined && { total_bytes: String(total), file_size: String(total) }) },
    });
    if (total !== undefined) await this.checkSpace(job.userId, total);
    if (total !== undefined) await this.checkTraffic(job.userId, total);

    const instant = manifest.contentKey ? await this.byReference(job, params, manifest, files) : undefined;
    if (instant) return instant;

    let lastWrite = 0;
    let writing: Promise<void> = Promise.resolve();
    await source.fetch(link, manifest, {
      dir,
      ...(narrowed && { selected }),
      signal,
      onWritten: (file, size, end) => this.deps.uploads.fetchedWritten(file, size, end),
      onRestart: (file) => this.deps.uploads.fetchedRestarted(file),
      onProgress: (progress) => {
        const now = Date.now();
        if (now - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = now;
        writing = writing.then(() => this.reportProgress(job, progress, total)).catch(() => undefined);
      },
    });
    await writing;
    signal.throwIfAborted();
    return this.commit(job, params, manifest, files, dir);
  }

  private async reportProgress(
    job: OfflineJob,
    progress: { bytes: number; total?: number; speed: number; peers?: number },
    total: number | undefined,
  ): Promise<void> {
    const all = progress.total ?? total;
    if (this.deps.config.offline.maxBytes > 0 && progress.bytes > this.deps.config.offline.maxBytes) {
      this.running.get(job.taskId)?.abort(new NimbusError("file_too_large"));
    }
    const alive = await this.deps.tasks.update(job.taskId, {
      ...(all ? { progress: Math.min(99, (progress.bytes * 100) / all) } : {}),
      params: {
        speed: String(Math.round(progress.speed)),
        predict_speed: String(Math.round(progress.speed)),
        downloaded_bytes: String(progress.bytes),
        ...(all !== undefined && { total_bytes: String(all), file_size: String(all) }),
        ...(progress.peers !== undefined && { peers: String(progress.peers) }),
      },
    });
    const controller = this.running.get(job.taskId);
    if (!alive) controller?.abort(new TaskSuspended(true));
    else {
      // A pause asked on another node reaches the run through the task's params.
      const row = await this.taskRow(job.taskId);
      if (row && parseParams(row.params).command === "pause") controller?.abort(new TaskSuspended(false));
    }
  }

  /** Files the fetched files: one file, or a folder with the manifest's tree. */
  private async commit(
    job: OfflineJob,
    params: Record<string, string>,
    manifest: OfflineManifest,
    files: OfflineManifest["files"],
    dir: string,
  ): Promise<TaskResult> {
    const parentId = await this.parentOf(job.userId, params);
    const rootName = params.name || manifest.name;
    let first: FileRow | undefined;
    let bytes = 0;
    const stored: Array<{ index: number; path: string; gcid: string; size: number }> = [];
    for (const file of files) {
      const local = path.join(dir, ...file.path);
      const size = (await import("node:fs/promises").then((fs) => fs.stat(local))).size;
      const segments = manifest.folder ? [rootName, ...file.path] : [rootName];
      const row = await this.deps.uploads.storeFetched(
        job.userId,
        { parentId, folders: segments.slice(0, -1), name: segments[segments.length - 1] as string, size },
        local,
      );
      first ??= row;
      bytes += size;
      if (row.blob_gcid)
        stored.push({ index: file.index, path: file.path.join("/"), gcid: row.blob_gcid, size });
    }
    if (manifest.contentKey) await this.remember(manifest.contentKey, stored);
    const result =
      manifest.folder && first
        ? await this.deps.filesRepository.findOwned(job.userId, first.parent_id)
        : first;
    const top = manifest.folder ? await this.topFolder(job.userId, first, parentId) : result;
    return {
      ...(top && { fileId: top.id, fileName: top.name }),
      params: {
        file_size: String(bytes),
        total_bytes: String(bytes),
        downloaded_bytes: String(bytes),
        speed: "0",
      },
    };
  }

  /** Instant cloud download: every selected file already stored under the content key. */
  private async byReference(
    job: OfflineJob,
    params: Record<string, string>,
    manifest: OfflineManifest,
    files: OfflineManifest["files"],
  ): Promise<TaskResult | undefined> {
    const known = await this.deps.db
      .selectFrom("offline_contents")
      .selectAll()
      .where("content_key", "=", manifest.contentKey as string)
      .execute();
    const byIndex = new Map(known.map((row) => [row.file_index, row]));
    if (!files.every((f) => byIndex.has(f.index))) return undefined;
    const parentId = await this.parentOf(job.userId, params);
    const rootName = params.name || manifest.name;
    let first: FileRow | undefined;
    let bytes = 0;
    for (const file of files) {
      const row = byIndex.get(file.index);
      if (!row) return undefined;
      const segments = manifest.folder ? [rootName, ...row.path.split("/")] : [rootName];
      const made = await this.deps.uploads.storeByReference(
        job.userId,
        {
          parentId,
          folders: segments.slice(0, -1),
          name: segments[segments.length - 1] as string,
          size: Number(row.size),
        },
        row.gcid,
      );
      if (!made) return first ? undefined : undefined;
      first ??= made;
      bytes += Number(row.size);
    }
    const top = manifest.folder ? await this.topFolder(job.userId, first, parentId) : first;
    return {
      ...(top && { fileId: top.id, fileName: top.name }),
      params: {
        file_size: String(bytes),
        total_bytes: String(bytes),
        downloaded_bytes: "0",
        instant: "true",
        speed: "0",
      },
    };
  }

  /** The folder directly under `parentId` that holds `file` (a torrent's root folder). */
  private async topFolder(
    userId: string,
    file: FileRow | undefined,
    parentId: string,
  ): Promise<FileRow | undefined> {
    let current = file;
    while (current && current.parent_id !== parentId && current.parent_id !== "") {
      current = await this.deps.filesRepository.findOwned(userId, current.parent_id);
    }
    return current;
  }

  private async remember(
    contentKey: string,
    stored: Array<{ index: number; path: string; gcid: string; size: number }>,
  ) {
    const now = this.deps.clock.now();
    for (const file of stored) {
      await this.deps.db
        .insertInto("offline_contents")
        .values({
          content_key: contentKey,
          file_index: file.index,
          path: file.path,
          gcid: file.gcid,
          size: file.size,
          created_at: now,
        })
        .onConflict((oc) =>
          oc
            .columns(["content_key", "file_index"])
            .doUpdateSet({ gcid: file.gcid, size: file.size, path: file.path }),
        )
        .execute();
    }
  }

  // ----- caps -----

  /** The plan's daily task cap (0: none) plus the task cap packs the user holds. */
  private dailyLimit(plan: OfflinePlan): number {
    const { offline } = this.deps.config;
    const base = plan.premium ? offline.dailyTasksPremium : offline.dailyTasksFree;
    return base > 0 ? base + plan.extraDailyTasks : 0;
  }

  private async checkDailyCap(userId: string): Promise<void> {
    const limit = this.dailyLimit(await this.plans.planOf(userId));
    if (limit > 0 && (await this.tasksToday(userId)) >= limit) {
      throw new NimbusError("task_daily_create_limit", `at most ${limit} cloud downloads a day`, {
        params: { limit },
      });
    }
  }

  /** Offline tasks the user created since 00:00 UTC (in the database, so every node counts the same). */
  private async tasksToday(userId: string): Promise<number> {
    const now = this.deps.clock.now();
    const row = await this.deps.db
      .selectFrom("tasks")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .where("type", "=", OFFLINE_TASK_TYPE)
      .where("created_at", ">=", now - (now % DAY_MS))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Bytes fetched from the network by the user's offline tasks created this calendar month (UTC). */
  private async monthlyBytes(userId: string): Promise<number> {
    const date = new Date(this.deps.clock.now());
    const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    const rows = await this.deps.db
      .selectFrom("tasks")
      .select("params")
      .where("user_id", "=", userId)
      .where("type", "=", OFFLINE_TASK_TYPE)
      .where("created_at", ">=", start)
      .execute();
    return rows.reduce((sum, row) => sum + (Number(parseParams(row.params).downloaded_bytes) || 0), 0);
  }

  private async checkTraffic(userId: string, bytes: number): Promise<void> {
    const { offline } = this.deps.config;
    const monthly = (await this.plans.planOf(userId)).premium
      ? offline.monthlyTrafficPremium
      : offline.monthlyTrafficFree;
    if (monthly > 0 && (await this.monthlyBytes(userId)) + bytes > monthly) {
      throw new NimbusError("traffic_not_enough", "the monthly cloud-download traffic is used up");
    }
  }

  /** Refuses at once when the announced size exceeds the user's free space. */
  private async checkSpace(userId: string, bytes: number): Promise<void> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw new NimbusError("unauthenticated");
    const free =
      (await this.deps.files.storageLimit(userId)) -
      Number(user.storage_usage) -
      Number(user.storage_reserved);
    if (bytes > free)
      throw new NimbusError("file_space_not_enough", "the download is larger than the free space");
  }

  // ----- helpers -----

  private sourceOf(link: OfflineLink): OfflineSource | undefined {
    return this.deps.sources.find((source) => source.accepts(link));
  }

  private async linkOf(taskId: string, params: Record<string, string>): Promise<OfflineLink> {
    const torrent = await readFile(path.join(this.dirOf(taskId), ".link.torrent")).catch(() => undefined);
    if (torrent) return { kind: "torrent", torrent: new Uint8Array(torrent) };
    return parseLink(params.url ?? "");
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

  private async requireFolder(userId: string, id: string): Promise<void> {
    const folder = await this.deps.filesRepository.findOwned(userId, id);
    if (!folder || folder.kind !== FILE_KIND.folder || folder.trashed_at !== null) {
      throw new NimbusError("file_parent_invalid", undefined, { metadata: { parent_id: id } });
    }
  }

  /** Where the result goes: the task's folder, or "My Downloads" again if that one went away. */
  private async parentOf(userId: string, params: Record<string, string>): Promise<string> {
    const id = params.parent_id ?? "";
    if (!id) return "";
    const folder = await this.deps.filesRepository.findOwned(userId, id);
    if (folder && folder.kind === FILE_KIND.folder && folder.trashed_at === null) return id;
    const user = await this.deps.users.findById(userId);
    return this.downloadsFolder(userId, user?.locale ?? "en-US");
  }

  /** The user's "My Downloads" at the root: made on first use in the user's language, then remembered. */
  private async downloadsFolder(userId: string, locale: string): Promise<string> {
    const known = await this.deps.db
      .selectFrom("offline_folders")
      .select("folder_id")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (known) {
      const folder = await this.deps.filesRepository.findOwned(userId, known.folder_id);
      if (folder && folder.kind === FILE_KIND.folder && folder.trashed_at === null) return folder.id;
    }
    const user = await this.deps.users.findById(userId);
    const name = serverText(user?.locale ?? locale, "offline.myDownloads");
    const created = await this.deps.files.create(userId, { kind: FILE_KIND.folder, name, parent_id: "" });
    await this.deps.db
      .insertInto("offline_folders")
      .values({ user_id: userId, folder_id: created.file.id })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ folder_id: created.file.id }))
      .execute();
    return created.file.id;
  }

  private taskRow(id: string) {
    return this.deps.db.selectFrom("tasks").selectAll().where("id", "=", id).executeTakeFirst();
  }

  private async sweep(taskId: string): Promise<void> {
    await rm(this.dirOf(taskId), { recursive: true, force: true });
  }
}

/** The manifest indexes to keep: `files` (comma-separated indexes) or all. */
function selection(manifest: OfflineManifest, files: string | undefined): number[] {
  const all = manifest.files.map((f) => f.index);
  if (!files) return all;
  const wanted = new Set(files.split(",").map(Number));
  const chosen = all.filter((index) => wanted.has(index));
  if (chosen.length === 0) throw new NimbusError("invalid_argument", "url.files names no file of the link");
  return chosen;
}
