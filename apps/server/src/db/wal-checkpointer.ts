import { statSync } from "node:fs";
import { Worker } from "node:worker_threads";

export interface WalCheckpointerOptions {
  /** WAL size past which a checkpoint is due; SQLite's own default is 1,000 pages (4 MiB). */
  checkpointAtBytes?: number;
  /** How often the WAL's size is looked at. */
  pollMs?: number;
  /** A worker with nothing to do for this long is stopped (it holds a connection and a V8 heap). */
  idleMs?: number;
}

/**
 * The connection's own checkpoint stays as a safety net, at a size the worker never lets the
 * WAL reach unless it is failing (25,000 pages, about 100 MiB).
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 25_000;

interface Connection {
  pragma(source: string, options?: { simple?: boolean }): unknown;
}

interface CheckpointReply {
  ok: boolean;
  /** Frames in the WAL, and those copied into the database (`PRAGMA wal_checkpoint`). */
  log?: number;
  checkpointed?: number;
  message?: string;
}

/**
 * The worker: its own connection to the same file, a PASSIVE checkpoint per request (it never
 * waits for readers or writers and never blocks them).
 */
const WORKER_SOURCE = `
"use strict";
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("synchronous = NORMAL");
db.pragma("journal_size_limit = " + workerData.sizeLimit);
parentPort.on("message", (message) => {
  if (message === "close") {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const [result] = db.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage({ ok: true, log: result.log, checkpointed: result.checkpointed });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String((error && error.message) || error) });
  }
});
`;

/**
 * Checkpoints a SQLite database's write-ahead log on a worker thread instead of at the end of
 * whichever transaction pushes the WAL past 1,000 pages. That automatic checkpoint copies the
 * WAL into the database and fsyncs it inside the committing statement, on the event loop: the
 * commit of 10,000 new file rows (11 MiB of WAL) took 84 ms with it and 24–31 ms without
 * (`bench/write-path.mjs`).
 * Here the event loop only looks at the WAL's size and mtime a few times a second.
 *
 * `journal_size_limit` (the same size) truncates the WAL when SQLite starts it over, so its
 * size says again whether frames are waiting; an unchanged mtime after a complete checkpoint
 * means nothing new was written. The worker starts on the first checkpoint due and stops
 * after `idleMs` without work. Should it fail, the connection gets its automatic checkpoints
 * back at SQLite's default.
 */
export class WalCheckpointer {
  private readonly walFile: string;
  private readonly checkpointAtBytes: number;
  private readonly idleMs: number;
  private readonly timer: NodeJS.Timeout;
  private worker: Worker | undefined;
  private inFlight: { mtimeMs: number } | undefined;
  private checkpointedMtimeMs = -1;
  private lastWorkAt = 0;
  private closed = false;
  private failures = 0;
  /** Checkpoints the worker completed (for tests and metrics). */
  completed = 0;

  constructor(
    private readonly connection: Connection,
    private readonly file: string,
    private readonly driverPath: string,
    options: WalCheckpointerOptions = {},
  ) {
    this.walFile = `${file}-wal`;
    this.checkpointAtBytes = options.checkpointAtBytes ?? 4 * 1024 * 1024;
    this.idleMs = options.idleMs ?? 30_000;
    connection.pragma(`journal_size_limit = ${this.checkpointAtBytes}`);
    connection.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    this.timer = setInterval(() => this.tick(), options.pollMs ?? 250);
    this.timer.unref();
  }

  /** Stops the worker (its connection closes first, so the caller's close is the last one). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.stopWorker();
  }

  private tick(): void {
    if (this.closed || this.inFlight) return;
    const wal = statSync(this.walFile, { throwIfNoEntry: false });
    const due =
      wal !== undefined && wal.size > this.checkpointAtBytes && wal.mtimeMs !== this.checkpointedMtimeMs;
    if (!due) {
      if (this.worker && Date.now() - this.lastWorkAt > this.idleMs) void this.stopWorker();
      return;
    }
    this.inFlight = { mtimeMs: wal.mtimeMs };
    this.lastWorkAt = Date.now();
    this.worker ??= this.spawn();
    this.worker.postMessage("checkpoint");
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver: this.driverPath, file: this.file, sizeLimit: this.checkpointAtBytes },
    });
    worker.unref();
    worker.on("message", (reply: CheckpointReply) => this.settled(reply));
    worker.on("error", (error) => this.settled({ ok: false, message: error.message }));
    worker.on("exit", () => {
      if (this.worker === worker) this.worker = undefined;
      if (this.inFlight) this.settled({ ok: false, message: "checkpoint worker exited" });
    });
    return worker;
  }

  private settled(reply: CheckpointReply): void {
    const started = this.inFlight;
    this.inFlight = undefined;
    if (reply.ok) {
      this.failures = 0;
      this.completed++;
      if (started && reply.log === reply.checkpointed) this.checkpointedMtimeMs = started.mtimeMs;
      return;
    }
    if (++this.failures >= 3 && !this.closed) {
      // The worker cannot do it: SQLite checkpoints on the connection again, as by default
      // (unless the connection is already closed, by a caller that never closed this).
      try {
        this.connection.pragma("wal_autocheckpoint = 1000");
      } catch {}
      this.closed = true;
      clearInterval(this.timer);
      void this.stopWorker();
    }
  }

  /** Asks the worker to close its connection and end; ends it outright if it has not within a second. */
  private async stopWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    worker.postMessage("close");
    const late = setTimeout(() => void worker.terminate(), 1000);
    await exited;
    clearTimeout(late);
  }
}
