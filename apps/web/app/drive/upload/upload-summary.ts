import { secondsLeft } from "./speed.js";
import type { UploadItem, UploadStatus } from "./upload-types.js";

export interface UploadSummary {
  /** Rows that count: everything but cancelled ones. */
  total: number;
  /** Done or instant. */
  finished: number;
  failed: number;
  /** Queued, hashing or uploading. */
  running: number;
  paused: number;
  needsFile: number;
  bytesTotal: number;
  bytesDone: number;
  bytesPerSecond: number;
  /** Undefined while the speed is unknown. */
  secondsLeft: number | undefined;
}

const RUNNING: ReadonlySet<UploadStatus> = new Set(["queued", "hashing", "uploading"]);
const FINISHED: ReadonlySet<UploadStatus> = new Set(["done", "instant"]);

/** Overall progress of the queue: bytes (instant uploads count as done), speed and time left. */
export function summarize(items: readonly UploadItem[]): UploadSummary {
  const summary: UploadSummary = {
    total: 0,
    finished: 0,
    failed: 0,
    running: 0,
    paused: 0,
    needsFile: 0,
    bytesTotal: 0,
    bytesDone: 0,
    bytesPerSecond: 0,
    secondsLeft: undefined,
  };
  let remaining = 0;
  for (const item of items) {
    if (item.status === "cancelled") continue;
    summary.total += 1;
    summary.bytesTotal += item.size;
    const done = FINISHED.has(item.status) ? item.size : Math.min(item.uploaded, item.size);
    summary.bytesDone += done;
    if (FINISHED.has(item.status)) summary.finished += 1;
    else if (item.status === "failed") summary.failed += 1;
    else if (item.status === "paused") summary.paused += 1;
    else if (item.status === "needs-file") summary.needsFile += 1;
    if (RUNNING.has(item.status)) {
      summary.running += 1;
      remaining += item.size - done;
    }
    if (item.status === "uploading") summary.bytesPerSecond += item.bytesPerSecond;
  }
  summary.secondsLeft = summary.running > 0 ? secondsLeft(remaining, summary.bytesPerSecond) : undefined;
  return summary;
}

/** A share of the whole, 0–100, for progress bars (an empty file is complete at once). */
export function percent(done: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, Math.floor((done / total) * 100));
}
