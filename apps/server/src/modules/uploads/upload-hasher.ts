import { readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { GcidHasher, gcidBlockSize, NimbusError } from "@nimbus/protocol";
import { sha1Factory } from "../../blobs/blob-store.js";
import { HASH_WORKER_SOURCE } from "./upload-hash-worker.js";

/** GCID and size of an upload's bytes (SHA-256 is computed later, if a claim ever needs it). */
export interface UploadDigest {
  key: string;
  size: number;
}

/**
 * Files this small are hashed on the spot when their digest is asked for (one read, some
 * microseconds of SHA-1): a worker's message and wake-up cost more than the hashing (decision 0069).
 */
export const INLINE_HASH_BYTES = 64 * 1024;

/** Bytes written between two requests to the worker (each costs a message and a wake-up). */
const REQUEST_EVERY_BYTES = 8 * 1024 * 1024;

interface Slot {
  worker: Worker;
  tasks: number;
}

interface Tracked {
  slot: Slot;
  path: string;
  size: number;
  /** Offset the worker has been asked to hash up to (-1: nothing asked yet). */
  requested: number;
  digest?: UploadDigest;
  failure?: Error;
  waiters: Array<{ resolve: (digest: UploadDigest) => void; reject: (error: Error) => void }>;
}

/**
 * Computes the GCID of uploads (tus, cloud downloads) while their bytes arrive,
 * off the event loop: a worker thread reads each upload's file right behind the
 * writes, once, so finishing a big upload needs no second pass over its bytes. Workers read the file, never the request, so a dropped
 * PATCH or a restart cannot make a digest differ from the bytes on disk (after a
 * restart an upload is simply hashed again from its first byte). Concurrent
 * uploads spread over a small pool of workers.
 */
export class UploadHasher {
  private readonly pool: Slot[] = [];
  private readonly tracked = new Map<string, Tracked>();
  private readonly poolSize = Math.max(1, Math.min(4, availableParallelism() - 1));

  /** Bytes 0..`end` of the upload's file are written: hash them in the background. */
  written(id: string, path: string, size: number, end: number): void {
    if (size <= INLINE_HASH_BYTES) return;
    let upload = this.tracked.get(id);
    if (!upload) {
      upload = { slot: this.pick(), path, size, requested: -1, waiters: [] };
      this.tracked.set(id, upload);
    }
    if (end <= upload.requested || upload.failure) return;
    if (end < size && end - Math.max(0, upload.requested) < REQUEST_EVERY_BYTES) return;
    upload.requested = end;
    upload.slot.worker.postMessage({
      type: "hash",
      task: id,
      path,
      size,
      blockSize: gcidBlockSize(size),
      upTo: end,
    });
  }

  /** The digest of the upload's complete file (hashing whatever is left first). */
  digest(id: string, path: string, size: number): Promise<UploadDigest> {
    if (size <= INLINE_HASH_BYTES) return inlineDigest(path, size);
    this.written(id, path, size, size);
    const upload = this.tracked.get(id) as Tracked;
    if (upload.failure) return Promise.reject(upload.failure);
    if (upload.digest) return Promise.resolve(upload.digest);
    return new Promise((resolve, reject) => upload.waiters.push({ resolve, reject }));
  }

  /** Drops what is known of an upload (finished, cancelled or expired). */
  forget(id: string): void {
    const upload = this.tracked.get(id);
    if (!upload) return;
    this.tracked.delete(id);
    upload.slot.tasks--;
    if (!upload.digest) upload.slot.worker.postMessage({ type: "forget", task: id });
    for (const waiter of upload.waiters.splice(0)) waiter.reject(new Error("upload forgotten"));
  }

  async close(): Promise<void> {
    const slots = this.pool.splice(0);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  /** The least busy worker, starting a new one while the pool is not full. */
  private pick(): Slot {
    let best = this.pool.reduce<Slot | undefined>((a, b) => (!a || b.tasks < a.tasks ? b : a), undefined);
    if (!best || (best.tasks > 0 && this.pool.length < this.poolSize)) {
      best = { worker: this.spawn(), tasks: 0 };
      this.pool.push(best);
    }
    best.tasks++;
    return best;
  }

  private spawn(): Worker {
    const worker = new Worker(HASH_WORKER_SOURCE, { eval: true });
    worker.unref();
    worker.on("message", (message: { type: string; task: string; gcid?: string; message?: string }) => {
      const upload = this.tracked.get(message.task);
      if (!upload) return;
      if (message.type === "digest") {
        upload.digest = { key: message.gcid ?? "", size: upload.size };
        for (const waiter of upload.waiters.splice(0)) waiter.resolve(upload.digest);
      } else {
        this.fail(upload, new Error(`hashing failed: ${message.message}`));
      }
    });
    const lost = (error: Error) => {
      const index = this.pool.findIndex((slot) => slot.worker === worker);
      if (index >= 0) this.pool.splice(index, 1);
      for (const [id, upload] of this.tracked) {
        if (upload.slot.worker === worker) {
          this.tracked.delete(id);
          this.fail(upload, error);
        }
      }
    };
    worker.on("error", lost);
    worker.on("exit", () => lost(new Error("hash worker exited")));
    return worker;
  }

  private fail(upload: Tracked, error: Error): void {
    upload.failure ??= error;
    for (const waiter of upload.waiters.splice(0)) waiter.reject(upload.failure);
  }
}

/** The digest of a small file, read and hashed here. */
async function inlineDigest(path: string, size: number): Promise<UploadDigest> {
  const bytes = await readFile(path);
  if (bytes.length !== size) {
    throw new NimbusError("file_size_mismatch", `the file has ${bytes.length} of ${size} bytes`);
  }
  const hasher = new GcidHasher(size, sha1Factory);
  hasher.update(bytes);
  return { key: hasher.digest(), size };
}
