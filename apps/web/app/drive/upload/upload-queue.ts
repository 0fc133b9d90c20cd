import type { FileDigests } from "./hash-protocol.js";
import { SpeedMeter } from "./speed.js";
import {
  type ResumeRecord,
  type ResumeStore,
  UploadFailed,
  type UploadFailure,
  type UploadItem,
  type UploadSource,
  type UploadTransport,
} from "./upload-types.js";

export interface UploadQueueOptions {
  /** Files hashed at once (one worker reads one file best). */
  hashers?: number;
  /** Files sent at once. */
  senders?: number;
  now?: () => number;
  /** Called when a file has landed in the drive, with the folder whose listing changed. */
  onCompleted?: (parentId: string) => void;
  /** How often the speeds are refreshed while something uploads (0: never, for tests). */
  tickMs?: number;
}

interface Runtime {
  key: string;
  file?: File;
  lastModified: number;
  digests?: FileDigests;
  uploadUrl?: string;
  leaseMs: number;
  controller?: AbortController;
  meter: SpeedMeter;
  savedAt: number;
}

const ACTIVE = new Set(["queued", "hashing", "uploading", "paused", "needs-file"]);
const SAVE_EVERY_MS = 1000;
const NOTIFY_MS = 100;

/** The key an upload is recognised by after a reload: folder, path, size and modification time. */
export function uploadKey(parentId: string, path: string, size: number, lastModified: number): string {
  return `${parentId}/${path}:${size}:${lastModified}`;
}

function unknownFailure(error: unknown): UploadFailure {
  if (error instanceof UploadFailed) return error.failure;
  return {
    error: "unknown",
    error_description: error instanceof Error ? error.message : undefined,
    status: 0,
  };
}

/**
 * The upload queue: every file goes hash → start → send, a few at a time, and can be
 * paused, resumed, cancelled and retried at any step. Uploads under way are written to
 * the resume store, so after a page reload they come back as `needs-file` and continue
 * from the server's offset once the same file is chosen again. Immutable snapshots for
 * `useSyncExternalStore`.
 */
export class UploadQueue {
  private items: readonly UploadItem[] = [];
  /** Where each item sits in `items`, and the latest item of each upload key: a folder of thousands stays linear. */
  private readonly positions = new Map<string, number>();
  private readonly keys = new Map<string, string>();
  private readonly runtime = new Map<string, Runtime>();
  private readonly listeners = new Set<() => void>();
  private ticker: ReturnType<typeof setInterval> | undefined;
  private notifyTimer: ReturnType<typeof setTimeout> | undefined;
  private nextId = 1;
  private readonly now: () => number;

  constructor(
    private readonly transport: UploadTransport,
    private readonly store: ResumeStore,
    private readonly options: UploadQueueOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly UploadItem[] => this.items;

  /** Brings back the uploads a reload interrupted, waiting for their files. */
  restore(): void {
    const added: UploadItem[] = [];
    for (const record of this.store.list(this.now())) {
      if (this.findByKey(record.key)) continue;
      const id = this.newItem(
        added,
        {
          name: record.name,
          size: record.size,
          relativePath: record.relativePath,
          parentId: record.parentId,
          status: "needs-file",
          stage: "send",
          uploaded: record.uploaded,
          fileId: record.fileId,
        },
        record.key,
        record.lastModified,
      );
      const runtime = this.runtime.get(id);
      if (runtime) {
        runtime.uploadUrl = record.uploadUrl;
        runtime.leaseMs = Math.max(0, record.expiresAt - this.now());
      }
    }
    this.append(added);
  }

  /** Queues files for a folder; a file that continues an interrupted upload picks it up. */
  add(sources: readonly UploadSource[], parentId: string): void {
    const added: UploadItem[] = [];
    for (const { file, relativePath = "" } of sources) {
      const key = uploadKey(parentId, relativePath || file.name, file.size, file.lastModified);
      const existing = this.findByKey(key);
      if (existing?.status === "needs-file") {
        this.attach(existing.id, file);
        continue;
      }
      if (existing && ACTIVE.has(existing.status)) continue;
      const id = this.newItem(
        added,
        { name: file.name, size: file.size, relativePath, parentId, status: "queued", stage: "hash" },
        key,
        file.lastModified,
      );
      const runtime = this.runtime.get(id);
      if (runtime) runtime.file = file;
    }
    this.append(added);
    this.pump();
  }

  /**
   * Gives an interrupted upload its file again. False when the file is not the same
   * (name, size and modification time must match).
   */
  attach(id: string, file: File): boolean {
    const item = this.get(id);
    const runtime = this.runtime.get(id);
    if (!item || !runtime || item.status !== "needs-file") return false;
    if (file.name !== item.name || file.size !== item.size || file.lastModified !== runtime.lastModified)
      return false;
    runtime.file = file;
    this.update(id, { status: "queued" });
    this.pump();
    return true;
  }

  pause(id: string): void {
    const item = this.get(id);
    if (!item || !["queued", "hashing", "uploading"].includes(item.status)) return;
    const runtime = this.runtime.get(id);
    // A start in flight is left to finish (its answer holds the upload URL); only bytes stop.
    if (item.status === "hashing" || (item.status === "uploading" && item.stage === "send")) {
      runtime?.controller?.abort(new DOMException("paused", "AbortError"));
    }
    this.update(id, { status: "paused", bytesPerSecond: 0, hashed: item.stage === "hash" ? 0 : item.hashed });
    this.pump();
  }

  resume(id: string): void {
    if (this.get(id)?.status !== "paused") return;
    this.update(id, { status: "queued" });
    this.pump();
  }

  retry(id: string): void {
    if (this.get(id)?.status !== "failed") return;
    this.update(id, { status: "queued", failure: undefined });
    this.pump();
  }

  cancel(id: string): void {
    const item = this.get(id);
    const runtime = this.runtime.get(id);
    if (!item || !runtime || (!ACTIVE.has(item.status) && item.status !== "failed")) return;
    runtime.controller?.abort(new DOMException("cancelled", "AbortError"));
    this.update(id, { status: "cancelled", bytesPerSecond: 0 });
    this.store.remove(runtime.key);
    // A start in flight cancels its upload when it answers (see `start`).
    if (runtime.uploadUrl && !(item.status === "uploading" && item.stage === "start")) {
      this.transport.cancel(runtime.uploadUrl).catch(() => {});
    }
    this.pump();
  }

  /** Forgets finished, failed and cancelled rows. */
  clearFinished(): void {
    const kept: UploadItem[] = [];
    for (const item of this.items) {
      if (ACTIVE.has(item.status)) kept.push(item);
      else {
        const key = this.runtime.get(item.id)?.key;
        if (key !== undefined && this.keys.get(key) === item.id) this.keys.delete(key);
        this.runtime.delete(item.id);
      }
    }
    this.items = kept;
    this.positions.clear();
    for (const [index, item] of kept.entries()) this.positions.set(item.id, index);
    this.emit();
  }

  get(id: string): UploadItem | undefined {
    const position = this.positions.get(id);
    return position === undefined ? undefined : this.items[position];
  }

  private findByKey(key: string): UploadItem | undefined {
    const id = this.keys.get(key);
    const item = id === undefined ? undefined : this.get(id);
    return item?.status === "cancelled" ? undefined : item;
  }

  /** Registers a new item in `added` (appended to the list by `append`, once per batch). */
  private newItem(
    added: UploadItem[],
    fields: Omit<UploadItem, "id" | "hashed" | "uploaded" | "bytesPerSecond"> & { uploaded?: number },
    key: string,
    lastModified: number,
  ): string {
    const id = `u${this.nextId++}`;
    this.positions.set(id, this.items.length + added.length);
    added.push({ hashed: 0, uploaded: 0, bytesPerSecond: 0, ...fields, id });
    this.keys.set(key, id);
    this.runtime.set(id, { key, lastModified, leaseMs: 0, meter: new SpeedMeter(), savedAt: 0 });
    return id;
  }

  private append(added: readonly UploadItem[]): void {
    if (added.length > 0) this.items = [...this.items, ...added];
    this.emit();
  }

  private update(id: string, patch: Partial<UploadItem>): void {
    const position = this.positions.get(id);
    const item = position === undefined ? undefined : this.items[position];
    if (position === undefined || !item) return;
    const items = [...this.items];
    items[position] = { ...item, ...patch };
    this.items = items;
    this.emit();
  }

  /** Listeners hear at most one change per `NOTIFY_MS`: progress of many files must not re-render on every event. */
  private emit(): void {
    if (this.notifyTimer !== undefined) return;
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = undefined;
      for (const listener of this.listeners) listener();
    }, NOTIFY_MS);
  }

  /** Starts what may run: hashing and sending each have their own limit. */
  private pump(): void {
    const hashers = this.options.hashers ?? 1;
    const senders = this.options.senders ?? 3;
    let hashing = this.items.filter((item) => item.status === "hashing").length;
    let uploading = this.items.filter((item) => item.status === "uploading").length;
    for (const item of this.items) {
      if (item.status !== "queued") continue;
      if (item.stage === "hash" && hashing < hashers) {
        hashing += 1;
        void this.hash(item.id);
      } else if (item.stage !== "hash" && uploading < senders) {
        uploading += 1;
        void this.upload(item.id);
      }
    }
    this.syncTicker(uploading > 0);
  }

  private async hash(id: string): Promise<void> {
    const runtime = this.runtime.get(id);
    if (!runtime?.file) return;
    const controller = new AbortController();
    runtime.controller = controller;
    this.update(id, { status: "hashing", hashed: 0 });
    try {
      runtime.digests = await this.transport.hash(
        runtime.file,
        (bytes) => this.update(id, { hashed: bytes }),
        controller.signal,
      );
      this.update(id, { status: "queued", stage: "start" });
    } catch (error) {
      if (!controller.signal.aborted) this.fail(id, error);
    }
    this.pump();
  }

  private async upload(id: string): Promise<void> {
    const runtime = this.runtime.get(id);
    const item = this.get(id);
    if (!runtime?.file || !item) return;
    this.update(id, { status: "uploading" });
    try {
      if (item.stage === "start") {
        const finished = await this.start(id, runtime, item);
        if (finished || this.get(id)?.status !== "uploading") return;
      }
      await this.send(id, runtime);
    } catch (error) {
      if (runtime.controller?.signal.aborted) return;
      this.fail(id, error);
    } finally {
      this.pump();
    }
  }

  /** True when the file completed by hash alone. */
  private async start(id: string, runtime: Runtime, item: UploadItem): Promise<boolean> {
    if (!runtime.file || !runtime.digests) throw new UploadFailed({ error: "unknown", status: 0 }, "hash");
    const startedAt = this.now();
    const result = await this.transport.start({
      file: runtime.file,
      name: item.name,
      size: item.size,
      parentId: item.parentId,
      relativePath: item.relativePath,
      digests: runtime.digests,
    });
    if (result.kind === "complete") {
      this.update(id, { status: "instant", uploaded: item.size, fileId: result.fileId, bytesPerSecond: 0 });
      this.options.onCompleted?.(item.parentId);
      return true;
    }
    runtime.uploadUrl = result.uploadUrl;
    runtime.leaseMs = Math.max(0, result.expiresAt - startedAt);
    if (this.get(id)?.status === "cancelled") {
      await this.transport.cancel(result.uploadUrl).catch(() => {});
      return true;
    }
    this.update(id, { stage: "send", fileId: result.fileId });
    this.save(id, runtime, 0);
    return false;
  }

  private async send(id: string, runtime: Runtime): Promise<void> {
    const item = this.get(id);
    if (!runtime.file || !runtime.uploadUrl || !item) return;
    const controller = new AbortController();
    runtime.controller = controller;
    runtime.meter.reset();
    await this.transport.send(
      runtime.file,
      runtime.uploadUrl,
      (bytes) => {
        if (controller.signal.aborted) return;
        const now = this.now();
        runtime.meter.sample(bytes, now);
        this.update(id, { uploaded: bytes, bytesPerSecond: runtime.meter.bytesPerSecond(now) });
        if (now - runtime.savedAt >= SAVE_EVERY_MS) this.save(id, runtime, bytes);
      },
      controller.signal,
    );
    if (controller.signal.aborted) return;
    this.store.remove(runtime.key);
    this.update(id, { status: "done", uploaded: item.size, bytesPerSecond: 0 });
    this.options.onCompleted?.(item.parentId);
  }

  private fail(id: string, error: unknown): void {
    const runtime = this.runtime.get(id);
    let stage = error instanceof UploadFailed ? error.restartAt : undefined;
    if (stage && stage !== "send" && runtime) {
      // The server's upload is gone or refused: a retry starts a new one.
      this.store.remove(runtime.key);
      runtime.uploadUrl = undefined;
      if (stage === "hash") runtime.digests = undefined;
      if (stage === "start" && !runtime.digests) stage = "hash";
    }
    this.update(id, {
      status: "failed",
      failure: unknownFailure(error),
      bytesPerSecond: 0,
      ...(stage && { stage }),
      ...((stage === "hash" || stage === "start") && { uploaded: 0 }),
    });
  }

  private save(id: string, runtime: Runtime, uploaded: number): void {
    const item = this.get(id);
    if (!item || !runtime.uploadUrl || !item.fileId) return;
    const now = this.now();
    runtime.savedAt = now;
    const record: ResumeRecord = {
      key: runtime.key,
      name: item.name,
      size: item.size,
      lastModified: runtime.lastModified,
      relativePath: item.relativePath,
      parentId: item.parentId,
      fileId: item.fileId,
      uploadUrl: runtime.uploadUrl,
      uploaded,
      // Every request to the upload pushes the server's expiry back by the same lease.
      expiresAt: now + runtime.leaseMs,
    };
    this.store.save(record);
  }

  /** Speeds decay while no progress arrives, so a stalled upload does not keep its last speed. */
  private syncTicker(running: boolean): void {
    const tickMs = this.options.tickMs ?? 1000;
    if (running && !this.ticker && tickMs > 0) {
      this.ticker = setInterval(() => this.tick(), tickMs);
    } else if (!running && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = undefined;
    }
  }

  private tick(): void {
    const now = this.now();
    let changed = false;
    this.items = this.items.map((item) => {
      if (item.status !== "uploading") return item;
      const speed = this.runtime.get(item.id)?.meter.bytesPerSecond(now) ?? 0;
      if (speed === item.bytesPerSecond) return item;
      changed = true;
      return { ...item, bytesPerSecond: speed };
    });
    if (changed) this.emit();
    if (!this.items.some((item) => item.status === "uploading")) this.syncTicker(false);
  }
}
