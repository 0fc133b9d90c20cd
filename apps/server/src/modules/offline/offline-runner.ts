import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { NimbusError } from "@nimbus/protocol";
import type { Config } from "../../config/config.js";
import type { JobContext } from "../../jobs/job-queue.js";
import { type TaskJob, type TaskResult, TaskSuspended } from "../tasks/task-jobs.js";
import { parseParams } from "../tasks/task-presenter.js";
import type { TaskService } from "../tasks/task-service.js";
import type { UploadService } from "../uploads/upload-service.js";
import { withoutJunk } from "./junk-files.js";
import type { OfflineCaps } from "./offline-caps.js";
import type { OfflineCommit } from "./offline-commit.js";
import { parseLink } from "./offline-links.js";
import type { OfflineLink, OfflineManifest, OfflineSource } from "./offline-source.js";

/** Task progress is written at most this often. */
const PROGRESS_WRITE_MS = 1000;

export interface OfflineJob extends TaskJob {
  userId: string;
}

/** The source that reads `link`, if this server has one. */
export function sourceFor(sources: readonly OfflineSource[], link: OfflineLink): OfflineSource | undefined {
  return sources.find((source) => source.accepts(link));
}

/** A task's own temporary folder under `OFFLINE_DIR`. */
export function taskDir(offlineDir: string, taskId: string): string {
  return path.join(offlineDir, taskId.replace(/[^A-Za-z0-9_-]/g, ""));
}

/**
 * The `offline.fetch` job: inspects the link, checks space and traffic, files it by
 * reference when every file is already stored, else fetches into the task's folder with
 * progress written about once a second, and commits the result. A pause or delete (here
 * or, through the task's params, on another node) aborts the run.
 */
export class OfflineRunner {
  /** Runs of this process, by task id: aborted on pause or delete. */
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly deps: {
      config: Pick<Config, "offline">;
      tasks: TaskService;
      uploads: UploadService;
      sources: OfflineSource[];
      caps: OfflineCaps;
      commit: OfflineCommit;
    },
  ) {}

  dirOf(taskId: string): string {
    return taskDir(this.deps.config.offline.dir, taskId);
  }

  /** Aborts this process's run of a task, if any; false when none runs here. */
  abort(taskId: string, reason: TaskSuspended): boolean {
    const controller = this.running.get(taskId);
    controller?.abort(reason);
    return controller !== undefined;
  }

  async sweep(taskId: string): Promise<void> {
    await rm(this.dirOf(taskId), { recursive: true, force: true });
  }

  async run(job: OfflineJob, context: JobContext): Promise<TaskResult> {
    const row = await this.deps.tasks.row(job.taskId);
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
    const source = sourceFor(this.deps.sources, link);
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
    if (total !== undefined) await this.deps.caps.checkSpace(job.userId, total);
    if (total !== undefined) await this.deps.caps.checkTraffic(job.userId, total);

    const instant = await this.deps.commit.byReference(job.userId, params, manifest, files);
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
        // Throttles database writes only: monotonic enough, and no clock a test would move.
        const now = Date.now();
        if (now - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = now;
        writing = writing.then(() => this.reportProgress(job, progress, total)).catch(() => undefined);
      },
    });
    await writing;
    signal.throwIfAborted();
    return this.deps.commit.fetched(job.userId, params, manifest, files, dir);
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
      const row = await this.deps.tasks.row(job.taskId);
      if (row && parseParams(row.params).command === "pause") controller?.abort(new TaskSuspended(false));
    }
  }

  private async linkOf(taskId: string, params: Record<string, string>): Promise<OfflineLink> {
    const torrent = await readFile(path.join(this.dirOf(taskId), ".link.torrent")).catch(() => undefined);
    if (torrent) return { kind: "torrent", torrent: new Uint8Array(torrent) };
    return parseLink(params.url ?? "");
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
