/**
 * The body of a hashing worker thread (CommonJS, run with `eval: true`, so it
 * needs no file of its own in either the sources or the build). For each task
 * (one digest of one upload) it reads the upload's file from where it last
 * stopped up to the offset it is told and feeds either GCID (`gcid`: SHA-1 of
 * each `blockSize` block, then SHA-1 of those digests; the block size comes from
 * `gcidBlockSize` in @nimbus/protocol) or `sha256`.
 *
 * Messages in: `{type:"hash", task, algo, path, size, blockSize, upTo}`, `{type:"forget", task}`.
 * Messages out: `{type:"digest", task, value}` once all `size` bytes are hashed
 * (GCID in uppercase hex, SHA-256 in lowercase hex), `{type:"failed", task, message}`.
 */
export const HASH_WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const { openSync, readSync, closeSync } = require("node:fs");

// Small reads are hashed while still in the CPU cache: on the reference machine 128 KiB
// reads hash a GiB in ~0.8 s of CPU, 1-4 MiB reads in ~1.15 s.
const READ_BYTES = 128 * 1024;
const buffer = Buffer.allocUnsafe(READ_BYTES);
const tasks = new Map();

function start(message) {
  return {
    algo: message.algo,
    path: message.path,
    size: message.size,
    blockSize: message.blockSize,
    hashed: 0,
    inBlock: 0,
    hash: createHash(message.algo === "gcid" ? "sha1" : "sha256"),
    block: message.algo === "gcid" ? createHash("sha1") : null,
  };
}

function feed(task, bytes) {
  task.hashed += bytes.length;
  if (task.algo !== "gcid") {
    task.hash.update(bytes);
    return;
  }
  let offset = 0;
  while (offset < bytes.length) {
    const take = Math.min(task.blockSize - task.inBlock, bytes.length - offset);
    task.block.update(bytes.subarray(offset, offset + take));
    offset += take;
    task.inBlock += take;
    if (task.inBlock === task.blockSize) {
      task.hash.update(task.block.digest());
      task.block = createHash("sha1");
      task.inBlock = 0;
    }
  }
}

function digest(task) {
  if (task.algo !== "gcid") return task.hash.digest("hex");
  if (task.inBlock > 0) task.hash.update(task.block.digest());
  return task.hash.digest("hex").toUpperCase();
}

parentPort.on("message", (message) => {
  if (message.type === "forget") {
    tasks.delete(message.task);
    return;
  }
  let task = tasks.get(message.task);
  if (!task) {
    task = start(message);
    tasks.set(message.task, task);
  }
  try {
    const fd = openSync(task.path, "r");
    try {
      while (task.hashed < message.upTo) {
        const length = Math.min(READ_BYTES, message.upTo - task.hashed);
        const read = readSync(fd, buffer, 0, length, task.hashed);
        if (read === 0) throw new Error("the upload file is shorter than " + message.upTo);
        feed(task, buffer.subarray(0, read));
      }
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    tasks.delete(message.task);
    parentPort.postMessage({ type: "failed", task: message.task, message: String(error) });
    return;
  }
  if (task.hashed === task.size) {
    tasks.delete(message.task);
    parentPort.postMessage({ type: "digest", task: message.task, value: digest(task) });
  }
});
`;
