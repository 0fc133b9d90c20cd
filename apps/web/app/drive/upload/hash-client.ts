import type { FileDigests, HashReply, HashRequest } from "./hash-protocol.js";

interface Pending {
  resolve(digests: FileDigests): void;
  reject(error: Error): void;
  onProgress(bytes: number): void;
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function post(message: HashRequest) {
  if (!worker) {
    worker = new Worker(new URL("./hash-worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<HashReply>) => {
      const reply = event.data;
      const job = pending.get(reply.id);
      if (!job) return;
      if (reply.type === "progress") job.onProgress(reply.bytes);
      else {
        pending.delete(reply.id);
        if (reply.type === "done") job.resolve({ gcid: reply.gcid, blockSha256: reply.blockSha256 });
        else if (reply.type === "error") job.reject(new Error(reply.message));
      }
    };
    worker.onerror = (event) => {
      for (const job of pending.values()) job.reject(new Error(event.message || "hash worker failed"));
      pending.clear();
      worker?.terminate();
      worker = undefined;
    };
  }
  worker.postMessage(message);
}

/**
 * GCID and block SHA-256 of a file, computed in a Web Worker so the page stays responsive;
 * `onProgress` gets the bytes hashed so far. Aborting stops the worker's loop.
 */
export function hashFile(
  file: Blob,
  onProgress: (bytes: number) => void,
  signal: AbortSignal,
): Promise<FileDigests> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const id = nextId++;
    pending.set(id, { resolve, reject, onProgress });
    signal.addEventListener(
      "abort",
      () => {
        if (!pending.delete(id)) return;
        post({ type: "cancel", id });
        reject(signal.reason);
      },
      { once: true },
    );
    post({ type: "hash", id, file });
  });
}
