/// <reference lib="webworker" />
import { createSHA1, createSHA256 } from "hash-wasm";
import { createGcidHasher } from "./gcid-hashers.js";
import type { HashReply, HashRequest } from "./hash-protocol.js";

/** Bytes read per step: large enough to keep WebAssembly busy, small enough for steady progress. */
const READ_BYTES = 4 * 1024 * 1024;

declare const self: DedicatedWorkerGlobalScope;

const cancelled = new Set<number>();
let queue: Promise<void> = Promise.resolve();
const hashers = Promise.all([createSHA1(), createSHA1(), createSHA256()]);

function reply(message: HashReply) {
  self.postMessage(message);
}

/** GCID and SHA-256 in one read of the file, reporting the bytes done after every step. */
async function hash(id: number, file: Blob): Promise<void> {
  const [outer, block, sha256] = await hashers;
  const gcid = createGcidHasher(file.size, outer, block);
  sha256.init();
  for (let offset = 0; offset < file.size; offset += READ_BYTES) {
    if (cancelled.delete(id)) return;
    const bytes = new Uint8Array(await file.slice(offset, offset + READ_BYTES).arrayBuffer());
    gcid.update(bytes);
    sha256.update(bytes);
    reply({ type: "progress", id, bytes: Math.min(file.size, offset + READ_BYTES) });
  }
  reply({ type: "done", id, gcid: gcid.digest(), sha256: sha256.digest("hex") });
}

self.onmessage = (event: MessageEvent<HashRequest>) => {
  const message = event.data;
  if (message.type === "cancel") {
    cancelled.add(message.id);
    return;
  }
  // One file at a time: the hashers are shared, and the disk reads one file best.
  queue = queue.then(() =>
    hash(message.id, message.file).catch((error: unknown) =>
      reply({
        type: "error",
        id: message.id,
        message: error instanceof Error ? error.message : String(error),
      }),
    ),
  );
};
