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
 * Messages in: `{type:"hash", task, path, size, blockSize, direct, upTo}`, `{type:"forget", task}`.
 * Messages out: `{type:"digest", task, gcid}` once all `size` bytes are hashed
 * (uppercase hex), `{type:"failed", task, message}`.
 */
export const HASH_WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const { openSync, readSync, closeSync, constants } = require("node:fs");

// Small reads are hashed while still in the CPU cache (on the reference machine 128 KiB
// reads beat 1-4 MiB reads by about a third).
const READ_BYTES = 128 * 1024;
const buffer = Buffer.allocUnsafe(READ_BYTES);
// A file written with O_DIRECT is not in the page cache: read it the same way, 1 MiB at a
// time from block-aligned offsets into page-aligned memory (a WebAssembly memory has pages
// of its own), so reading it back costs no page-cache insertion.
const DIRECT_READ_BYTES = 1024 * 1024;
const DIRECT_ALIGN = 4096;
let directBuffer;
const tasks = new Map();

function start(message) {
  return {
    path: message.path,
    fd: -1,
    directFd: -1,
    direct: Boolean(message.direct) && constants.O_DIRECT !== undefined,
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
  if (task && task.directFd >= 0) closeSync(task.directFd);
}

function readBuffered(task, upTo) {
  if (task.fd < 0) task.fd = openSync(task.path, "r");
  const read = readSync(task.fd, buffer, 0, Math.min(READ_BYTES, upTo - task.hashed), task.hashed);
  return buffer.subarray(0, read);
}

// Falls back to buffered reads for good if the filesystem refuses (EINVAL).
function readDirect(task, upTo) {
  try {
    if (task.directFd < 0) task.directFd = openSync(task.path, constants.O_RDONLY | constants.O_DIRECT);
    directBuffer ??= Buffer.from(new WebAssembly.Memory({ initial: DIRECT_READ_BYTES / 65536 }).buffer);
    const want = Math.min(DIRECT_READ_BYTES, Math.ceil((upTo - task.hashed) / DIRECT_ALIGN) * DIRECT_ALIGN);
    const read = readSync(task.directFd, directBuffer, 0, want, task.hashed);
    return directBuffer.subarray(0, Math.min(read, upTo - task.hashed));
  } catch (error) {
    if (error.code !== "EINVAL") throw error;
    task.direct = false;
    return readBuffered(task, upTo);
  }
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
    while (task.hashed < message.upTo) {
      const bytes =
        task.direct && task.hashed % DIRECT_ALIGN === 0
          ? readDirect(task, message.upTo)
          : readBuffered(task, message.upTo);
      if (bytes.length === 0) throw new Error("the upload file is shorter than " + message.upTo);
      feed(task, bytes);
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
