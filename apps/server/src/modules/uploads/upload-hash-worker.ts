/**
 * The body of a hashing worker thread (CommonJS, run with `eval: true`, so it
 * needs no file of its own in either the sources or the build). For each task
 * (one upload) it reads the upload's file once, from where it last stopped up to
 * the offset it is told, and feeds each read to the GCID while it is still in the
 * CPU cache (SHA-1 of each `blockSize` block, then SHA-1 of those digests; the
 * block size comes from `gcidBlockSize` in @nimbus/protocol). SHA-256 is not on
 * this path: a blob's SHA-256 is computed once, when an instant-upload claim first
 * needs it (decision 0009). The file stays open between messages and is closed
 * when the task ends.
 *
 * Messages in: `{type:"hash", task, path, size, blockSize, upTo}`, `{type:"forget", task}`.
 * Messages out: `{type:"digest", task, gcid}` once all `size` bytes are hashed
 * (uppercase hex), `{type:"failed", task, message}`.
 */
export const HASH_WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const { openSync, readSync, closeSync } = require("node:fs");

// Small reads are hashed while still in the CPU cache (on the reference machine 128 KiB
// reads beat 1-4 MiB reads by about a third).
const READ_BYTES = 128 * 1024;
const buffer = Buffer.allocUnsafe(READ_BYTES);
const tasks = new Map();

function start(message) {
  return {
    path: message.path,
    fd: -1,
    size: message.size,
    blockSize: message.blockSize,
    hashed: 0,
    inBlock: 0,
    gcid: createHash("sha1"),
    block: createHash("sha1"),
  };
}

function feed(task, bytes) {
  task.hashed += bytes.length;
  let offset = 0;
  while (offset < bytes.length) {
    const take = Math.min(task.blockSize - task.inBlock, bytes.length - offset);
    task.block.update(bytes.subarray(offset, offset + take));
    offset += take;
    task.inBlock += take;
    if (task.inBlock === task.blockSize) {
      task.gcid.update(task.block.digest());
      task.block = createHash("sha1");
      task.inBlock = 0;
    }
  }
}

function end(name) {
  const task = tasks.get(name);
  tasks.delete(name);
  if (task && task.fd >= 0) closeSync(task.fd);
}

parentPort.on("message", (message) => {
  if (message.type === "forget") {
    end(message.task);
    return;
  }
  let task = tasks.get(message.task);
  if (!task) {
    task = start(message);
    tasks.set(message.task, task);
  }
  try {
    if (task.fd < 0) task.fd = openSync(task.path, "r");
    while (task.hashed < message.upTo) {
      const length = Math.min(READ_BYTES, message.upTo - task.hashed);
      const read = readSync(task.fd, buffer, 0, length, task.hashed);
      if (read === 0) throw new Error("the upload file is shorter than " + message.upTo);
      feed(task, buffer.subarray(0, read));
    }
  } catch (error) {
    end(message.task);
    parentPort.postMessage({ type: "failed", task: message.task, message: String(error) });
    return;
  }
  if (task.hashed === task.size) {
    end(message.task);
    if (task.inBlock > 0) task.gcid.update(task.block.digest());
    const gcid = task.gcid.digest("hex").toUpperCase();
    parentPort.postMessage({ type: "digest", task: message.task, gcid });
  }
});
`;
