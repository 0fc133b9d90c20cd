import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { gcidBlockSize } from "@nimbus/protocol";
import { HASH_WORKER_SOURCE } from "./upload-hash-worker.js";

/** GCID, SHA-256 and size of an upload's bytes, as the blob store would compute them. */
export interface UploadDigest {
  key: string;
  sha256: string;
  size: number;
}

type Algo = "gcid" | "sha256";
const ALGOS: readonly Algo[] = ["gcid", "sha256"];

interface Slot {
  worker: Worker;
  tasks: number;
}

interface Tracked {
  /** The worker computing each digest (two threads when the pool has them). */
  slots: Record<Algo, Slot>;
  path: string;
  size: number;
  /** Offset the workers have been asked to hash up to (-1: nothing asked yet). */
  requested: number;
  values: Partial<Record<Algo, string>>;
  failure?: Error;
  waiters: Array<{ resolve: (digest: UploadDigest) => void; reject: (error: Error) => void }>;
}

/**
 * Hashes tus uploads while their bytes arrive, off the event loop: worker
 * threads read each upload's file right behind the writes, one feeding GCID and
 * another SHA-256, so finishing a big upload needs no second pass over its
 * bytes. They read the file, never the request, so a dropped PATCH or a restart
 * cannot make a digest differ from the bytes on disk (after a restart an upload
 * is simply hashed again from its first byte).
 */
export class UploadHasher {
  private readonly pool: Slot[] = [];
  private readonly tracked = new Map<string, Tracked>();
  private readonly poolSize = Math.max(2, Math.min(4, availableParallelism()));

  /** Bytes 0..`end` of the upload's file are written: hash them in the background. */
  written(id: string, path: string, size: number, end: number): void {
    let upload = this.tracked.get(id);
    if (!upload) {
      const gcid = this.pick();
      const sha256 = this.pick(gcid);
      upload = { slots: { gcid, sha256 }, path, size, requested: -1, values: {}, waiters: [] };
      this.tracked.set(id, upload);
    }
    if (end <= upload.requested || upload.failure) return;
    upload.requested = end;
    const blockSize = gcidBlockSize(size);
    for (const algo of ALGOS) {
      upload.slots[algo].worker.postMessage({
        type: "hash",
        task: `${id}/${algo}`,
        algo,
        path,
        size,
        blockSize,
        upTo: end,
      });
    }
  }

  /** The digest of the upload's complete file (hashing whatever is left first). */
  digest(id: string, path: string, size: number): Promise<UploadDigest> {
    this.written(id, path, size, size);
    const upload = this.tracked.get(id) as Tracked;
    if (upload.failure) return Promise.reject(upload.failure);
    const done = complete(upload);
    if (done) return Promise.resolve(done);
    return new Promise((resolve, reject) => upload.waiters.push({ resolve, reject }));
  }

  /** Drops what is known of an upload (finished, cancelled or expired). */
  forget(id: string): void {
    const upload = this.tracked.get(id);
    if (!upload) return;
    this.tracked.delete(id);
    for (const algo of ALGOS) {
      const slot = upload.slots[algo];
      slot.tasks--;
      if (upload.values[algo] === undefined)
        slot.worker.postMessage({ type: "forget", task: `${id}/${algo}` });
    }
    for (const waiter of upload.waiters.splice(0)) waiter.reject(new Error("upload forgotten"));
  }

  async close(): Promise<void> {
    const slots = this.pool.splice(0);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  /** The least busy worker (other than `not`), starting a new one while the pool is not full. */
  private pick(not?: Slot): Slot {
    const candidates = this.pool.filter((slot) => slot !== not);
    let best = candidates.reduce<Slot | undefined>((a, b) => (!a || b.tasks < a.tasks ? b : a), undefined);
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
    worker.on("message", (message: { type: string; task: string; value?: string; message?: string }) => {
      const [id = "", algo] = message.task.split("/") as [string, Algo];
      const upload = this.tracked.get(id);
      if (!upload) return;
      if (message.type === "digest") {
        upload.values[algo] = message.value;
        const done = complete(upload);
        if (done) for (const waiter of upload.waiters.splice(0)) waiter.resolve(done);
      } else {
        this.fail(upload, new Error(`hashing failed: ${message.message}`));
      }
    });
    const lost = (error: Error) => {
      const index = this.pool.findIndex((slot) => slot.worker === worker);
      if (index >= 0) this.pool.splice(index, 1);
      for (const [id, upload] of this.tracked) {
        if (ALGOS.some((algo) => upload.slots[algo].worker === worker)) {
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

function complete(upload: Tracked): UploadDigest | undefined {
  const { gcid, sha256 } = upload.values;
  return gcid !== undefined && sha256 !== undefined ? { key: gcid, sha256, size: upload.size } : undefined;
}
