/// <reference lib="webworker" />
import { blockLayout, combineDigests, digestBlocks, READ_BYTES } from "./block-digests.js";
import type { HashReply, HashRequest } from "./hash-protocol.js";

/** Below this the second worker costs more than it saves. */
const SPLIT_BYTES = 4 * READ_BYTES;

declare const self: DedicatedWorkerGlobalScope;

const cancelled = new Set<number>();
let queue: Promise<void> = Promise.resolve();
/** The helper (this same script, nested) that digests the second half of a large file. */
let helper: Worker | undefined;
const helping = new Map<number, (reply: HashReply) => void>();

function reply(message: HashReply) {
  self.postMessage(message);
}

function startHelper(): Worker {
  if (helper) return helper;
  const worker = new Worker(self.location.href, { type: "module" });
  worker.onmessage = (event: MessageEvent<HashReply>) => helping.get(event.data.id)?.(event.data);
  worker.onerror = (event) => {
    for (const done of helping.values())
      done({ type: "error", id: 0, message: event.message || "hash helper failed" });
    helping.clear();
    worker.terminate();
    helper = undefined;
  };
  helper = worker;
  return worker;
}

/** Blocks `from`..`to - 1` digested by the helper; `onBytes` gets its progress. */
function helperDigests(id: number, file: Blob, from: number, to: number, onBytes: (bytes: number) => void) {
  const worker = startHelper();
  return new Promise<Awaited<ReturnType<typeof digestBlocks>>>((resolve, reject) => {
    helping.set(id, (message) => {
      if (message.type === "progress") return onBytes(message.bytes);
      helping.delete(id);
      if (message.type === "blocks") resolve(message.digests);
      else if (message.type === "error") reject(new Error(message.message));
    });
    worker.postMessage({ type: "blocks", id, file, from, to } satisfies HashRequest);
  });
}

/**
 * GCID and block SHA-256 of a file: every block's SHA-1 and SHA-256 by WebCrypto (native),
 * the first half of the blocks here and the second in a helper worker, both reading at once;
 * then the two outer digests. Reports the bytes done after every read.
 */
async function hash(id: number, file: Blob): Promise<void> {
  const { blockSize, blocks } = blockLayout(file.size);
  const perRead = Math.max(1, Math.floor(READ_BYTES / blockSize));
  const split = file.size >= SPLIT_BYTES ? Math.ceil(blocks / 2 / perRead) * perRead : blocks;
  let done = 0;
  const progress = (bytes: number) => {
    done += bytes;
    reply({ type: "progress", id, bytes: done });
  };
  const isCancelled = () => cancelled.has(id);
  const second =
    split < blocks ? helperDigests(id, file, split, blocks, progress) : Promise.resolve(undefined);
  const [mine, theirs] = await Promise.all([
    digestBlocks(crypto.subtle, file, 0, split, progress, isCancelled),
    second,
  ]);
  if (cancelled.delete(id) || !mine || (split < blocks && !theirs)) return;
  const { gcid, blockSha256 } = await combineDigests(crypto.subtle, theirs ? [mine, theirs] : [mine]);
  reply({ type: "done", id, gcid, blockSha256 });
}

/** As the helper: digest the blocks asked for and send them back (transferred, not copied). */
async function blocks(id: number, file: Blob, from: number, to: number): Promise<void> {
  const digests = await digestBlocks(
    crypto.subtle,
    file,
    from,
    to,
    (bytes) => reply({ type: "progress", id, bytes }),
    () => cancelled.has(id),
  );
  cancelled.delete(id);
  self.postMessage(
    { type: "blocks", id, digests } satisfies HashReply,
    digests ? [digests.sha1.buffer, digests.sha256.buffer] : [],
  );
}

self.onmessage = (event: MessageEvent<HashRequest>) => {
  const message = event.data;
  if (message.type === "cancel") {
    cancelled.add(message.id);
    helper?.postMessage(message);
    return;
  }
  const fail = (error: unknown) =>
    reply({ type: "error", id: message.id, message: error instanceof Error ? error.message : String(error) });
  if (message.type === "blocks") {
    blocks(message.id, message.file, message.from, message.to).catch(fail);
    return;
  }
  // One file at a time: two reads of one file at once is what the disk does best.
  queue = queue.then(() => hash(message.id, message.file).catch(fail));
};
