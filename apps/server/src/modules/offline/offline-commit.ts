import { stat } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import type { FileRow } from "../files/index.js";
import type { TaskResult } from "../tasks/task-jobs.js";
import type { UploadService } from "../uploads/upload-service.js";
import type { OfflinePlaces } from "./offline-places.js";
import type { OfflineManifest } from "./offline-source.js";

type Stored = { index: number; path: string; gcid: string; size: number };

/**
 * Files what a cloud download fetched into the drive like an upload (one file, or a
 * folder with the manifest's tree), remembers the content by its key, and files a link
 * whose every selected file is already stored by reference, fetching nothing (instant
 * cloud download).
 */
export class OfflineCommit {
  constructor(
    private readonly deps: { db: Db; clock: Clock; uploads: UploadService; places: OfflinePlaces },
  ) {}

  /** Files the fetched files under `dir`. */
  async fetched(
    userId: string,
    params: Record<string, string>,
    manifest: OfflineManifest,
    files: OfflineManifest["files"],
    dir: string,
  ): Promise<TaskResult> {
    const parentId = await this.deps.places.parentOf(userId, params);
    const rootName = params.name || manifest.name;
    let first: FileRow | undefined;
    let bytes = 0;
    const stored: Stored[] = [];
    for (const file of files) {
      const local = path.join(dir, ...file.path);
      const { size } = await stat(local);
      const segments = manifest.folder ? [rootName, ...file.path] : [rootName];
      const row = await this.deps.uploads.storeFetched(
        userId,
        { parentId, folders: segments.slice(0, -1), name: segments[segments.length - 1] as string, size },
        local,
      );
      first ??= row;
      bytes += size;
      if (row.blob_gcid)
        stored.push({ index: file.index, path: file.path.join("/"), gcid: row.blob_gcid, size });
    }
    if (manifest.contentKey) await this.remember(manifest.contentKey, stored);
    const top = manifest.folder ? await this.deps.places.topFolder(userId, first, parentId) : first;
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

  /** Instant cloud download: every selected file already stored under the content key; else undefined. */
  async byReference(
    userId: string,
    params: Record<string, string>,
    manifest: OfflineManifest,
    files: OfflineManifest["files"],
  ): Promise<TaskResult | undefined> {
    if (!manifest.contentKey) return undefined;
    const known = await this.deps.db
      .selectFrom("offline_contents")
      .selectAll()
      .where("content_key", "=", manifest.contentKey)
      .execute();
    const byIndex = new Map(known.map((row) => [row.file_index, row]));
    if (!files.every((f) => byIndex.has(f.index))) return undefined;
    const parentId = await this.deps.places.parentOf(userId, params);
    const rootName = params.name || manifest.name;
    let first: FileRow | undefined;
    let bytes = 0;
    for (const file of files) {
      const row = byIndex.get(file.index);
      if (!row) return undefined;
      const segments = manifest.folder ? [rootName, ...row.path.split("/")] : [rootName];
      const made = await this.deps.uploads.storeByReference(
        userId,
        {
          parentId,
          folders: segments.slice(0, -1),
          name: segments[segments.length - 1] as string,
          size: Number(row.size),
        },
        row.gcid,
      );
      // A stored blob that went away in the meantime: fetch after all.
      if (!made) return undefined;
      first ??= made;
      bytes += Number(row.size);
    }
    const top = manifest.folder ? await this.deps.places.topFolder(userId, first, parentId) : first;
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

  private async remember(contentKey: string, stored: readonly Stored[]): Promise<void> {
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
}
