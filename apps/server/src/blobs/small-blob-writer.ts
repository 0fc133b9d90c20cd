import { Worker } from "node:worker_threads";

/**
 * The whole durable write of one small blob, as synchronous calls in a worker thread: the temp
 * file written, fdatasynced and closed, hard-linked under its key (its shard made when missing),
 * the shard fsynced — and its parent too unless the shard is known to be on disk already, and
 * every folder the mkdir made — and the temp name removed. On the event loop each of those
 * calls was a trip through libuv's pool (about a dozen per blob); here it is one message each way.
 * An existing blob under the key is compared byte for byte (`same`); other bytes are a collision.
 */
const SOURCE = `
const { parentPort } = require("node:worker_threads");
const fs = require("node:fs");
const path = require("node:path");
const syncDir = (dir) => {
  if (process.platform === "win32") return;
  const fd = fs.openSync(dir, "r");
  try { fs.fsyncSync(fd); } finally { fs.closeSync(fd); }
};
function write({ tempPath, finalPath, bytes, shardKnown }) {
  const fd = fs.openSync(tempPath, "wx");
  try {
    for (let done = 0; done < bytes.byteLength; )
      done += fs.writeSync(fd, bytes, done, bytes.byteLength - done, done);
    fs.fdatasyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  const shard = path.dirname(finalPath);
  let made;
  try {
    fs.linkSync(tempPath, finalPath);
  } catch (error) {
    if (error.code === "EEXIST") return { created: false, same: fs.readFileSync(finalPath).equals(bytes) };
    if (error.code !== "ENOENT") throw error;
    made = fs.mkdirSync(shard, { recursive: true });
    fs.linkSync(tempPath, finalPath);
  }
  syncDir(shard);
  const stopAt = made ? path.dirname(made) : shardKnown ? undefined : path.dirname(shard);
  if (stopAt !== undefined) {
    for (let dir = path.dirname(shard); ; dir = path.dirname(dir)) {
      syncDir(dir);
      if (dir === stopAt || dir === path.dirname(dir)) break;
    }
  }
  return { created: true, same: true };
}
parentPort.on("message", (job) => {
  let answer;
  try {
    answer = { id: job.id, ...write(job) };
  } catch (error) {
    answer = { id: job.id, error: { code: error.code, message: error.message } };
  }
  try { fs.unlinkSync(job.tempPath); } catch {}
  parentPort.postMessage(answer);
});
`;

export interface SmallBlobJob {
  tempPath: string;
  finalPath: string;
  bytes: Uint8Array;
  /** The shard folder was made and fsynced into its parent before: its parent needs no fsync. */
  shardKnown: boolean;
}

interface Answer {
  id: number;
  created?: boolean;
  same?: boolean;
  error?: { code?: string; message: string };
}

interface Slot {
  worker: Worker;
  pending: Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>;
}

/** Enough workers that fsyncs of concurrent PUTs overlap, as libuv's pool of 4 would. */
const POOL_SIZE = 4;

/** A small pool of workers writing small blobs durably (see SOURCE). */
export class SmallBlobWriter {
  private readonly pool: Slot[] = [];
  private nextId = 0;

  /** Writes the blob; resolves to whether it was created, and whether existing bytes were the same. */
  async write(job: SmallBlobJob): Promise<{ created: boolean; same: boolean }> {
    const slot = this.pick();
    const id = this.nextId++;
    const answer = await new Promise<Answer>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ id, ...job, bytes: ownBuffer(job.bytes) });
    });
    if (answer.error) {
      throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
    }
    return { created: answer.created === true, same: answer.same === true };
  }

  async close(): Promise<void> {
    const slots = this.pool.splice(0);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private pick(): Slot {
    const idle = this.pool.find((slot) => slot.pending.size === 0);
    if (idle) return idle;
    if (this.pool.length < POOL_SIZE) {
      const slot = this.spawn();
      this.pool.push(slot);
      return slot;
    }
    return this.pool.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  private spawn(): Slot {
    const worker = new Worker(SOURCE, { eval: true });
    worker.unref();
    const slot: Slot = { worker, pending: new Map() };
    worker.on("message", (answer: Answer) => {
      const waiter = slot.pending.get(answer.id);
      slot.pending.delete(answer.id);
      waiter?.resolve(answer);
    });
    const lost = (error: Error) => {
      const index = this.pool.indexOf(slot);
      if (index >= 0) this.pool.splice(index, 1);
      for (const waiter of slot.pending.values()) waiter.reject(error);
      slot.pending.clear();
    };
    worker.on("error", lost);
    worker.on("exit", () => lost(new Error("small blob writer exited")));
    return slot;
  }
}

/**
 * `bytes` on an ArrayBuffer of its own. Posting a typed array clones its whole ArrayBuffer,
 * not the view: a request body's chunk is a view of the socket's read buffer (hundreds of KiB),
 * and cloning that cost 0.7 ms of the event loop per 10 KB WebDAV PUT. A copy of the view is
 * a few microseconds.
 */
export function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : new Uint8Array(bytes);
}
