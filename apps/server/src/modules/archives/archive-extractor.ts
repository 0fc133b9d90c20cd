import { constants } from "node:fs";
import { lstat, mkdir, open, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { NimbusError } from "@nimbus/protocol";
import type { BlobStore } from "../../blobs/blob-store.js";
import { localCopy } from "../../blobs/local-copy.js";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import type { Sealer } from "../../lib/sealed.js";
import { releaseHold } from "../accounting/space-holds.js";
import type { FileRow } from "../files/index.js";
import type { TaskService } from "../tasks/task-service.js";
import { totalSize } from "./archive-entries.js";
import { type ArchiveService, type DecompressJob, isSelected } from "./archive-service.js";
import { extractArchive } from "./archive-tools.js";
import { driveName, type ExtractCommit } from "./extract-commit.js";

export interface ArchiveExtractorDeps {
  db: Db;
  archives: ArchiveService;
  commit: ExtractCommit;
  blobs: BlobStore;
  tasks: TaskService;
  sealer: Sealer;
  clock: Clock;
  /** Told about every file added (previews). */
  onFileAdded?: (file: FileRow) => Promise<void>;
}

interface Extracted {
  /** `/`-separated, relative to the extraction folder. */
  path: string;
  isDir: boolean;
  size: number;
}

const WATCH_INTERVAL_MS = 300;

/** Every folder and regular file under `root` (links and devices skipped), parents before children. */
async function walk(root: string, prefix = ""): Promise<Extracted[]> {
  const out: Extracted[] = [];
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      out.push({ path: rel, isDir: true, size: 0 });
      out.push(...(await walk(root, rel)));
    } else if (entry.isFile()) {
      out.push({ path: rel, isDir: false, size: (await lstat(path.join(root, rel))).size });
    }
  }
  return out;
}

async function bytesUnder(root: string): Promise<number> {
  const items = await walk(root).catch(() => []);
  return items.reduce((sum, item) => sum + item.size, 0);
}

/**
 * The `decompress` job: extracts the archive into a private temporary folder
 * (killing the tool if it writes more than the listing announced), then adds
 * the selected folders and files to the drive one commit at a time, reporting
 * progress on the task. Any failure ends the task in ERROR with its reason;
 * however it ends, the space held for it is given back but for what it added.
 * A run cut short by shutdown ends as `task_interrupted` rather than starting
 * over on the next start (it would add the files it already added again).
 */
export class ArchiveExtractor {
  constructor(private readonly deps: ArchiveExtractorDeps) {}

  /** The run, through the task lifecycle (`TaskJobs`): not repeatable, its commits stay. */
  async run(job: DecompressJob, signal: AbortSignal): Promise<undefined> {
    await this.extractAndAdd(job, this.workDir(job), signal);
    return undefined;
  }

  /** However the job ends (or after a crash): its temporary folder and what is left of its hold go. */
  async release(job: DecompressJob): Promise<void> {
    await rm(this.workDir(job), { recursive: true, force: true });
    await releaseHold(this.deps.db, job.taskId);
  }

  private workDir(job: DecompressJob): string {
    return path.join(this.deps.archives.tempDir, `extract-${job.taskId}`);
  }

  private async extractAndAdd(job: DecompressJob, workDir: string, signal: AbortSignal): Promise<void> {
    const password = job.password === undefined ? undefined : this.deps.sealer.open(job.password);
    const { file, program, entries } = await this.deps.archives.inspect(job.userId, job.fileId, password);
    const announced = totalSize(entries);
    await rm(workDir, { recursive: true, force: true });
    await mkdir(workDir, { recursive: true, mode: 0o700 });
    const archive = await localCopy(this.deps.blobs, file.blob_gcid as string, this.deps.archives.tempDir);
    const watchdog = new AbortController();
    let overflow = false;
    const timer = setInterval(() => {
      void bytesUnder(workDir).then((bytes) => {
        if (bytes > announced + 1024 * 1024) {
          overflow = true;
          watchdog.abort();
        }
      });
    }, WATCH_INTERVAL_MS);
    try {
      await extractArchive(
        program,
        archive.path,
        workDir,
        password,
        AbortSignal.any([signal, watchdog.signal]),
      );
    } catch (error) {
      if (overflow)
        throw new NimbusError("archive_too_large", "the archive unpacked to more than it announced");
      throw error;
    } finally {
      clearInterval(timer);
      await archive.release();
    }
    if ((await bytesUnder(workDir)) > announced + 1024 * 1024) throw new NimbusError("archive_too_large");
    await this.addToDrive(job, workDir, signal);
  }

  private async addToDrive(job: DecompressJob, workDir: string, signal: AbortSignal): Promise<void> {
    const items = (await walk(workDir)).filter((item) => isSelected(item.path, job.files));
    const folders = new Map<string, string>([["", job.toParentId]]);
    const folderOf = async (dir: string): Promise<string> => {
      const known = folders.get(dir);
      if (known !== undefined) return known;
      const parentDir = dir.includes("/") ? dir.slice(0, dir.lastIndexOf("/")) : "";
      const name = driveName(dir.slice(dir.lastIndexOf("/") + 1));
      const at = {
        userId: job.userId,
        parentId: await folderOf(parentDir),
        name,
        now: this.deps.clock.now(),
      };
      const row = await this.deps.commit.addFolder(at);
      folders.set(dir, row.id);
      return row.id;
    };
    let done = 0;
    for (const item of items) {
      if (signal.aborted) throw new NimbusError("cancelled");
      if (item.isDir) {
        await folderOf(item.path);
      } else {
        const slash = item.path.lastIndexOf("/");
        const parentId = await folderOf(slash > 0 ? item.path.slice(0, slash) : "");
        const handle = await open(path.join(workDir, item.path), constants.O_RDONLY | constants.O_NOFOLLOW);
        const source = handle.createReadStream({ highWaterMark: 1024 * 1024 });
        const stored = await this.deps.blobs.put(source, { size: item.size, signal });
        const name = driveName(item.path.slice(slash + 1));
        const row = await this.deps.commit.addFile(
          { userId: job.userId, parentId, name, now: this.deps.clock.now() },
          stored,
          job.taskId,
        );
        await this.deps.onFileAdded?.(row);
      }
      done++;
      if (done % 20 === 0 || done === items.length) {
        if (!(await this.deps.tasks.progress(job.taskId, (done / items.length) * 99))) {
          throw new NimbusError("cancelled", "task deleted");
        }
      }
    }
  }
}
