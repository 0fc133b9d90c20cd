/**
 * The body of the BitTorrent child process (CommonJS, run with `node -e`, so it needs
 * no file of its own in either the sources or the build, like `upload-hash-worker.ts`).
 * It runs `torrent-stream` (path in `NIMBUS_TORRENT_STREAM`), one engine per request,
 * and exits when the parent's IPC channel closes (the child dies with the parent).
 *
 * Every peer address the engine wants to connect to, and every incoming connection, is
 * first put to the parent (`check`), which owns the SSRF rule; trackers arrive vetted.
 *
 * Messages in:
 *   `{type:"metadata", id, infoHash, trackers, timeoutMs, ...engine}`: fetch a magnet's metadata.
 *   `{type:"fetch", id, torrent (base64, no announce), trackers, dir, paths, selected, ...engine}`
 *   `{type:"abort", id}`, `{type:"checked", check, allowed}`.
 *   engine: `{dht, connections, listenPort, cacheDir}`.
 * Messages out:
 *   `{type:"metadata", id, torrent}` (base64 bencoded `{info}`), `{type:"progress", id, bytes, total, speed, peers}`,
 *   `{type:"done", id}`, `{type:"failed", id, reason:"timeout"|"error", message}`, `{type:"aborted", id}`,
 *   `{type:"check", check, addr}`.
 */
export const TORRENT_WORKER_SOURCE = `
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const torrentStream = require(process.env.NIMBUS_TORRENT_STREAM);

process.on("disconnect", () => process.exit(0));
process.on("uncaughtException", (error) => {
  try { process.stderr.write("torrent worker: " + (error && error.stack || error) + "\\n"); } catch {}
  process.exit(70);
});

const jobs = new Map();
const checks = new Map();
let nextCheck = 1;

function send(message) {
  if (process.connected) process.send(message);
}

function askParent(addr) {
  return new Promise((resolve) => {
    const check = nextCheck++;
    checks.set(check, resolve);
    send({ type: "check", check, addr });
  });
}

function hostOf(addr) {
  const colon = addr.lastIndexOf(":");
  let host = colon > 0 ? addr.slice(0, colon) : addr;
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  return host;
}

/** A chunk store writing only the wanted files; pieces that touch an unwanted file read as missing. */
function makeStore(files, wanted) {
  return function (chunkLength, opts) {
    const fds = new Map();
    const total = files.reduce((sum, f) => sum + f.length, 0);
    let offset = 0;
    const layout = files.map((f, i) => {
      const entry = { path: f.path, length: f.length, offset, wanted: wanted.has(i) };
      offset += f.length;
      return entry;
    });
    function fd(file, create) {
      let handle = fds.get(file.path);
      if (handle !== undefined) return handle;
      if (!create && !fs.existsSync(file.path)) return -1;
      fs.mkdirSync(path.dirname(file.path), { recursive: true });
      handle = fs.openSync(file.path, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
      fds.set(file.path, handle);
      return handle;
    }
    function spans(start, end) {
      return layout.filter((f) => f.offset < end && f.offset + f.length > start);
    }
    return {
      chunkLength,
      put(index, buf, cb) {
        try {
          const start = index * chunkLength;
          for (const f of spans(start, start + buf.length)) {
            if (!f.wanted) continue;
            const from = Math.max(start, f.offset);
            const to = Math.min(start + buf.length, f.offset + f.length);
            fs.writeSync(fd(f, true), buf, from - start, to - from, from - f.offset);
          }
          if (cb) process.nextTick(cb, null);
        } catch (error) {
          if (cb) process.nextTick(cb, error);
        }
      },
      get(index, options, cb) {
        if (typeof options === "function") { cb = options; options = null; }
        try {
          const start = index * chunkLength;
          const length = Math.min(chunkLength, total - start);
          const out = Buffer.alloc(length);
          for (const f of spans(start, start + length)) {
            if (!f.wanted && f.length > 0) throw new Error("not stored");
            const handle = fd(f, false);
            if (handle < 0) throw new Error("not stored");
            const from = Math.max(start, f.offset);
            const to = Math.min(start + length, f.offset + f.length);
            const read = fs.readSync(handle, out, from - start, to - from, from - f.offset);
            if (read !== to - from) throw new Error("short");
          }
          const o = options || {};
          const begin = o.offset || 0;
          const slice = out.subarray(begin, o.length === undefined ? length : begin + o.length);
          process.nextTick(cb, null, slice);
        } catch (error) {
          process.nextTick(cb, error);
        }
      },
      close(cb) {
        for (const handle of fds.values()) { try { fs.closeSync(handle); } catch {} }
        fds.clear();
        if (cb) process.nextTick(cb, null);
      },
      destroy(cb) { this.close(cb); },
    };
  };
}

function engineOptions(message, extra) {
  return Object.assign({
    dht: !!message.dht,
    tracker: message.trackers.length > 0,
    trackers: message.trackers,
    connections: message.connections,
    uploads: 4,
    tmp: message.cacheDir,
    name: "metadata",
    verify: true,
  }, extra);
}

function guard(engine, message) {
  const connect = engine.connect;
  engine.connect = (addr) => {
    askParent(hostOf(addr)).then((allowed) => {
      const job = jobs.get(message.id);
      if (!job || job.engine !== engine) return;
      if (allowed) connect(addr);
      else engine.emit("blocked-peer", addr);
    });
  };
  if (message.listenPort) {
    engine.listen(message.listenPort);
    engine.swarm.on("wire", (wire, connection) => {
      if (!connection || !connection.remoteAddress) return;
      askParent(connection.remoteAddress).then((allowed) => {
        if (!allowed) connection.destroy();
      });
    });
  }
}

function finish(id, reply) {
  const job = jobs.get(id);
  if (!job) return;
  jobs.delete(id);
  clearTimeout(job.timer);
  clearInterval(job.ticker);
  job.engine.destroy(() => send(reply));
}

function metadata(message) {
  const scratch = path.join(message.cacheDir, "scratch", message.infoHash);
  const engine = torrentStream("magnet:?xt=urn:btih:" + message.infoHash, engineOptions(message, { path: scratch, verify: false }));
  const job = { engine };
  jobs.set(message.id, job);
  guard(engine, message);
  job.timer = setTimeout(() => finish(message.id, { type: "failed", id: message.id, reason: "timeout", message: "no metadata" }), message.timeoutMs);
  engine.on("error", (error) => finish(message.id, { type: "failed", id: message.id, reason: "error", message: String(error && error.message || error) }));
  engine.on("torrent", () => {
    const info = Buffer.from(engine.metadata);
    const torrent = Buffer.concat([Buffer.from("d4:info"), info, Buffer.from("e")]);
    finish(message.id, { type: "metadata", id: message.id, torrent: torrent.toString("base64") });
  });
}

function fetchFiles(message) {
  const wanted = new Set(message.selected);
  const link = Buffer.from(message.torrent, "base64");
  const files = message.paths.map((segments) => ({ path: path.join(message.dir, ...segments) }));
  let engine;
  const storage = (chunkLength, opts) => {
    const list = opts.files.map((f, i) => ({ path: files[i].path, length: f.length }));
    return makeStore(list, wanted)(chunkLength, opts);
  };
  engine = torrentStream(link, engineOptions(message, { path: message.dir, storage }));
  const job = { engine };
  jobs.set(message.id, job);
  guard(engine, message);
  engine.on("error", (error) => finish(message.id, { type: "failed", id: message.id, reason: "error", message: String(error && error.message || error) }));
  engine.on("ready", () => {
    const torrent = engine.torrent;
    const pieceLength = torrent.pieceLength;
    const ranges = torrent.files.map((f, i) => wanted.has(i) ? [f.offset, f.offset + f.length] : null).filter(Boolean);
    const total = ranges.reduce((sum, r) => sum + r[1] - r[0], 0);
    const overlap = (index) => {
      const start = index * pieceLength;
      const end = Math.min(start + pieceLength, torrent.length);
      let bytes = 0;
      for (const r of ranges) bytes += Math.max(0, Math.min(end, r[1]) - Math.max(start, r[0]));
      return bytes;
    };
    const needed = [];
    let have = 0;
    for (let i = 0; i < torrent.pieces.length; i++) {
      const bytes = overlap(i);
      if (bytes === 0) continue;
      if (engine.bitfield.get(i)) have += bytes;
      else needed.push(i);
    }
    const missing = new Set(needed);
    const samples = [];
    const progress = () => {
      const now = Date.now();
      samples.push([now, have]);
      while (samples.length > 1 && now - samples[0][0] > 5000) samples.shift();
      const first = samples[0];
      const speed = now > first[0] ? Math.round(((have - first[1]) * 1000) / (now - first[0])) : 0;
      send({ type: "progress", id: message.id, bytes: have, total, speed, peers: engine.swarm.wires.length });
    };
    const complete = () => {
      progress();
      // After the engine has handed the last piece to the store (it says "verify" first).
      setImmediate(() => finish(message.id, { type: "done", id: message.id }));
    };
    if (missing.size === 0) return complete();
    engine.on("verify", (index) => {
      if (!missing.delete(index)) return;
      have += overlap(index);
      if (missing.size === 0) complete();
    });
    job.ticker = setInterval(progress, 1000);
    progress();
    engine.files.forEach((file, i) => { if (wanted.has(i)) file.select(); });
  });
}

process.on("message", (message) => {
  try {
    if (message.type === "checked") {
      const resolve = checks.get(message.check);
      checks.delete(message.check);
      if (resolve) resolve(!!message.allowed);
    } else if (message.type === "metadata") {
      metadata(message);
    } else if (message.type === "fetch") {
      fetchFiles(message);
    } else if (message.type === "abort") {
      if (jobs.has(message.id)) finish(message.id, { type: "aborted", id: message.id });
      else send({ type: "aborted", id: message.id });
    }
  } catch (error) {
    if (message && message.id !== undefined) {
      const job = jobs.get(message.id);
      if (job) finish(message.id, { type: "failed", id: message.id, reason: "error", message: String(error && error.message || error) });
      else send({ type: "failed", id: message.id, reason: "error", message: String(error && error.message || error) });
    }
  }
});
`;
