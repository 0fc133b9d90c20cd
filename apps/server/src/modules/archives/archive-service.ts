import {
  type ArchiveEntry,
  type ArchiveList,
  type ArchiveListRequest,
  type DecompressRequest,
  type DriveTask,
  FILE_KIND,
  NimbusError,
} from "@nimbus/protocol";
import type { BlobStore } from "../../blobs/blob-store.js";
import { localCopy } from "../../blobs/local-copy.js";
import type { Config } from "../../config/config.js";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import type { ArchiveProgram, MediaTools } from "../../lib/media-tools.js";
import type { Sealer } from "../../lib/sealed.js";
import { holdSpace } from "../accounting/space-holds.js";
import { storageLimit } from "../accounting/storage-accounting.js";
import type { FileRow, FilesRepository } from "../files/index.js";
import type { TaskJobs } from "../tasks/task-jobs.js";
import { checkLimits, normalizeEntries, pathParts, totalSize } from "./archive-entries.js";
import { type ArchiveFormat, claimedFormat, sniffFile } from "./archive-format.js";
import { checkPassword, listArchive } from "./archive-tools.js";

export const DECOMPRESS_JOB = "archives.decompress";

export interface DecompressJob {
  taskId: string;
  userId: string;
  fileId: string;
  toParentId: string;
  /** Sealed with `Sealer` (never stored in the clear). */
  password?: string;
  files?: string[];
}

export interface ArchiveServiceDeps {
  db: Db;
  files: FilesRepository;
  blobs: BlobStore;
  taskJobs: TaskJobs;
  sealer: Sealer;
  clock: Clock;
  config: Pick<Config, "archives" | "dataDir" | "quota">;
  /** Finds 7-Zip or The Unarchiver (the system's, else the bundled 7-Zip). */
  tools: MediaTools;
}

/** A checked listing of one archive of the drive. */
export interface Inspection {
  file: FileRow;
  format: ArchiveFormat;
  program: ArchiveProgram;
  entries: ArchiveEntry[];
  encrypted: boolean;
}

/** True when `path` is one of `selection` or lies under one of them. */
export function isSelected(path: string, selection: readonly string[] | undefined): boolean {
  if (!selection || selection.length === 0) return true;
  return selection.some((chosen) => path === chosen || path.startsWith(`${chosen}/`));
}

/**
 * Archives in the drive (zip, 7z, rar): listing with bomb limits and password
 * checks, and extraction into a folder as a `decompress` task.
 */
export class ArchiveService {
  constructor(private readonly deps: ArchiveServiceDeps) {}

  get tempDir(): string {
    return `${this.deps.config.dataDir}/tmp`;
  }

  /** The program for archives of `format`; `preview_not_set_up` when this server has none. */
  program(format: ArchiveFormat): ArchiveProgram {
    const program = this.deps.tools.archiveProgram(format);
    if (!program) throw new NimbusError("preview_not_set_up", `no program for ${format} archives`);
    return program;
  }

  async list(userId: string, request: ArchiveListRequest): Promise<ArchiveList> {
    const { file, format, entries, encrypted } = await this.inspect(
      userId,
      request.file_id,
      request.password,
    );
    const folder = pathParts(request.path ?? "").join("/");
    const shown = folder ? entries.filter((entry) => entry.parent_path === folder) : entries;
    return {
      kind: "drive#archive",
      file_id: file.id,
      format,
      password_protected: encrypted,
      entries: shown,
      total_size: String(totalSize(entries)),
      entry_count: entries.length,
    };
  }

  async decompress(userId: string, request: DecompressRequest): Promise<DriveTask> {
    const inspection = await this.inspect(userId, request.file_id, request.password);
    if (inspection.encrypted && request.password === undefined)
      throw new NimbusError("archive_password_required");
    if (request.to_parent_id !== "") {
      const parent = await this.deps.files.findOwned(userId, request.to_parent_id);
      if (!parent || parent.kind !== FILE_KIND.folder) throw new NimbusError("file_parent_invalid");
      if (parent.trashed_at !== null) throw new NimbusError("file_in_trash");
    }
    const files = request.files?.map((path) => pathParts(path).join("/")).filter(Boolean);
    const bytes = totalSize(inspection.entries.filter((entry) => isSelected(entry.path, files)));
    const { file } = inspection;
    return this.deps.taskJobs.submit<DecompressJob>(
      DECOMPRESS_JOB,
      {
        userId,
        type: "decompress",
        name: file.name,
        fileId: file.id,
        fileName: file.name,
        params: { to_parent_id: request.to_parent_id, format: inspection.format },
      },
      (task) => ({
        taskId: task.id,
        userId,
        fileId: file.id,
        toParentId: request.to_parent_id,
        ...(request.password !== undefined && { password: this.deps.sealer.seal(request.password) }),
        ...(files && files.length > 0 && { files }),
      }),
      // The space its files will take is held with the task, so an extraction never starts for a drive that cannot take it.
      { group: userId, accept: (task, trx) => this.holdFor(trx, userId, task.id, bytes) },
    );
  }

  private async holdFor(trx: Db, userId: string, taskId: string, bytes: number): Promise<void> {
    const limit = await storageLimit(trx, userId, this.deps.config.quota, this.deps.clock.now());
    await holdSpace(trx, { id: taskId, userId, bytes, limit, now: this.deps.clock.now() });
  }

  /** Finds the archive, lists it with its tool, applies the limits and checks a given password. */
  async inspect(userId: string, fileId: string, password: string | undefined): Promise<Inspection> {
    const file = await this.deps.files.findOwned(userId, fileId);
    if (!file || file.trashed_at !== null || file.kind !== FILE_KIND.file)
      throw new NimbusError("file_not_found");
    if (file.phase !== "PHASE_TYPE_COMPLETE" || !file.blob_gcid) throw new NimbusError("file_not_ready");
    if (!claimedFormat(file.name, file.mime_type)) throw new NimbusError("archive_unsupported");
    const local = await localCopy(this.deps.blobs, file.blob_gcid, this.tempDir);
    try {
      const format = await sniffFile(local.path);
      if (!format) throw new NimbusError("archive_unsupported", "content is not a zip, 7z or rar archive");
      const program = this.program(format);
      const raw = await listArchive(program, local.path, password);
      const entries = normalizeEntries(raw);
      checkLimits(entries, file.size, this.deps.config.archives);
      const locked = raw.filter((entry) => entry.encrypted && !entry.isDir).sort((a, b) => a.size - b.size);
      const smallest = locked[0];
      if (password !== undefined && smallest)
        await checkPassword(program, local.path, smallest.path, password);
      return { file, format, program, entries, encrypted: locked.length > 0 };
    } finally {
      await local.release();
    }
  }
}
