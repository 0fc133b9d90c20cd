import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { BlobStore } from "./blob-store.js";
import { LocalBlobStore } from "./local-blob-store.js";

export interface LocalFile {
  path: string;
  release(): Promise<void>;
}

/**
 * A path external tools (ffmpeg, sharp, 7-Zip) can open and seek in: the blob
 * itself on local disk, else a temporary copy under `tempDir`, removed by `release`.
 */
export async function localCopy(blobs: BlobStore, key: string, tempDir: string): Promise<LocalFile> {
  if (blobs instanceof LocalBlobStore) return { path: blobs.pathOf(key), release: async () => {} };
  await mkdir(tempDir, { recursive: true });
  const file = path.join(tempDir, `blob-${randomUUID()}`);
  try {
    await pipeline(await blobs.get(key), createWriteStream(file));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return { path: file, release: () => rm(file, { force: true }) };
}
