import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat, utimes } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { BlobStore } from "../../blobs/blob-store.js";
import { LocalBlobStore } from "../../blobs/local-blob-store.js";
import type { SegmentCache } from "./segment-cache.js";

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
    private readonly cache: SegmentCache,
  ) {}

  get dir(): string {
    return this.cache.sourcesDir;
  }

  /** Whether sources are copies this node keeps (the cache counts them). */
  get copies(): boolean {
    return !(this.blobs instanceof LocalBlobStore);
  }

  async open(gcid: string): Promise<SourceFile> {
    if (this.blobs instanceof LocalBlobStore)
      return { path: this.blobs.pathOf(gcid), release: async () => {} };
    const file = this.pathOf(gcid);
    const key = `source:${gcid}`;
    this.cache.pin(key, file);
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      this.cache.unpin(key);
    };
    try {
      const exists = await stat(file).then(
        () => true,
        () => false,
      );
      if (exists) {
        const now = new Date();
        await utimes(file, now, now).catch(() => {});
        return { path: file, release };
      }
      let running = this.fetching.get(gcid);
      if (!running) {
        running = this.fetch(gcid, file).finally(() => this.fetching.delete(gcid));
        this.fetching.set(gcid, running);
      }
      return { path: await running, release };
    } catch (error) {
      await release();
      throw error;
    }
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
      await this.cache.add(`source:${gcid}`, file, (await stat(file)).size);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return file;
  }
}
