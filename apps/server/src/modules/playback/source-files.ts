import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat, utimes } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { BlobStore } from "../../blobs/blob-store.js";
import { LocalBlobStore } from "../../blobs/local-blob-store.js";

export interface SourceFile {
  path: string;
  release(): Promise<void>;
}

/**
 * Where ffprobe and ffmpeg read a blob from (decision 0060): the blob's own file on local
 * disk; from S3, one copy per node under `dir` (`DATA_DIR/playback/sources/<gcid>`), fetched
 * once however many viewers and restarts ask, kept while it is used and evicted with the
 * segment cache (least recently used first). ffmpeg seeks in it, which a ranged S3 stream
 * would make a new request for each time.
 */
export class SourceFiles {
  private readonly fetching = new Map<string, Promise<string>>();

  constructor(
    private readonly blobs: BlobStore,
    readonly dir: string,
  ) {}

  /** Whether sources are copies this node keeps (the cache counts them). */
  get copies(): boolean {
    return !(this.blobs instanceof LocalBlobStore);
  }

  async open(gcid: string): Promise<SourceFile> {
    if (this.blobs instanceof LocalBlobStore)
      return { path: this.blobs.pathOf(gcid), release: async () => {} };
    const file = this.pathOf(gcid);
    try {
      await stat(file);
      const now = new Date();
      await utimes(file, now, now).catch(() => {});
      return { path: file, release: async () => {} };
    } catch {
      // not here yet
    }
    let running = this.fetching.get(gcid);
    if (!running) {
      running = this.fetch(gcid, file).finally(() => this.fetching.delete(gcid));
      this.fetching.set(gcid, running);
    }
    return { path: await running, release: async () => {} };
  }

  pathOf(gcid: string): string {
    return path.join(this.dir, gcid);
  }

  private async fetch(gcid: string, file: string): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const partial = `${file}.${randomUUID()}.part`;
    try {
      await pipeline(await this.blobs.get(gcid), createWriteStream(partial));
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return file;
  }
}
