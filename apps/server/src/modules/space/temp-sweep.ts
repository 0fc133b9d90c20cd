import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { BlobStore } from "../../blobs/blob-store.js";
import { volumeNow } from "../../lib/volume-clock.js";

/**
 * How old a temporary file or folder must be before a sweep removes it: far
 * beyond the longest piece of work that keeps one (an extraction's tool runs at
 * most an hour, a write in progress keeps touching its file), so only what a
 * crash left behind ever goes.
 */
export const TEMP_MAX_AGE_MS = 6 * 3_600_000;

/** Removes the entries of `dir` (files or whole folders) last modified before `cutoff`; returns how many. */
export async function removeStaleEntries(dir: string, cutoff: number): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [])) {
    const entry = path.join(dir, name);
    const info = await stat(entry).catch(() => undefined);
    if (info && info.mtimeMs < cutoff) {
      await rm(entry, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * Sweeps what crashed work left behind: the blob store's temp area (partial
 * uploads; on S3 also unfinished multipart uploads) and the server's work folder
 * (`DATA_DIR/tmp`: extraction folders, local copies of blobs for the tools).
 */
export async function sweepTemp(blobs: BlobStore, workDir: string): Promise<number> {
  const fromStore = (await blobs.cleanTemp?.(TEMP_MAX_AGE_MS)) ?? 0;
  // File times are the volume's, whatever clock the app runs on.
  return fromStore + (await removeStaleEntries(workDir, (await volumeNow(workDir)) - TEMP_MAX_AGE_MS));
}
