import { memoryStorage } from "../../lib/platform.js";
import { localResumeStore } from "./resume-store.js";
import { UploadQueue } from "./upload-queue.js";
import type { StartRequest, StartResult, UploadTransport } from "./upload-types.js";

// The upload queue's test bench: a transport the test settles call by call.

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** A transport whose every call waits until the test settles it. */
export function fakeTransport() {
  const calls = {
    hash: [] as {
      file: File;
      progress: (bytes: number) => void;
      signal: AbortSignal;
      done: Deferred<void>;
    }[],
    start: [] as { request: StartRequest; done: Deferred<StartResult> }[],
    send: [] as {
      url: string;
      progress: (bytes: number) => void;
      signal: AbortSignal;
      done: Deferred<void>;
    }[],
    cancel: [] as string[],
  };
  const transport: UploadTransport = {
    async hash(file, progress, signal) {
      const done = deferred<void>();
      calls.hash.push({ file, progress, signal, done });
      signal.addEventListener("abort", () => done.reject(signal.reason));
      await done.promise;
      return { gcid: `GCID-${file.name}`, blockSha256: `sha-${file.name}` };
    },
    start(request) {
      const done = deferred<StartResult>();
      calls.start.push({ request, done });
      return done.promise;
    },
    send(_file, url, progress, signal) {
      const done = deferred<void>();
      calls.send.push({ url, progress, signal, done });
      signal.addEventListener("abort", () => done.reject(signal.reason));
      return done.promise;
    },
    async cancel(url) {
      calls.cancel.push(url);
    },
  };
  return { transport, calls };
}

export const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

export function file(name: string, size = 1000, lastModified = 42): File {
  return new File([new Uint8Array(size)], name, { lastModified });
}

export function setup(options: { senders?: number; now?: () => number } = {}) {
  const storage = memoryStorage();
  const store = localResumeStore(storage);
  const fake = fakeTransport();
  const completed: string[] = [];
  const queue = new UploadQueue(fake.transport, store, {
    tickMs: 0,
    onCompleted: (parentId) => completed.push(parentId),
    ...options,
  });
  const status = () => queue.getSnapshot().map((item) => `${item.name}:${item.status}:${item.stage}`);
  return { queue, store, storage, completed, status, ...fake };
}

export const resumable = (name: string): StartResult => ({
  kind: "resumable",
  fileId: `file-${name}`,
  uploadUrl: `/drive/v1/uploads/tus/${name}`,
  expiresAt: Date.now() + 86_400_000,
});
