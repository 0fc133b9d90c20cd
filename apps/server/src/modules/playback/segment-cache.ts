import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Clock } from "../../lib/clock.js";

interface Entry {
  path: string;
  bytes: number;
  usedAt: number;
  pins: number;
}

/**
 * The disk cache of playback (decision 0060): one folder of segments per blob and profile
 * (`<root>/segments/<gcid>/<profile>/`), and on S3 nodes the source copies
 * (`<root>/sources/<gcid>`), under one size cap (`PLAYBACK_CACHE_BYTES`). Over the cap, the
 * least recently used entries that no running stream holds are deleted. Keyed by content
 * and profile, never by user or session: every viewer of the same bytes shares it.
 */
export class SegmentCache {
  private readonly entries = new Map<string, Entry>();
  private total = 0;
  private evicting: Promise<void> | undefined;

  constructor(
    readonly root: string,
    private readonly capBytes: number,
    private readonly clock: Clock,
  ) {}

  segmentsDir(gcid: string, profile: string): string {
    return path.join(this.root, "segments", gcid, profile);
  }

  get sourcesDir(): string {
    return path.join(this.root, "sources");
  }

  /** Learns what an earlier process left on disk (its files' modification times as last use). */
  async load(): Promise<void> {
    const segments = path.join(this.root, "segments");
    for (const gcid of await readdir(segments).catch(() => [] as string[])) {
      for (const profile of await readdir(path.join(segments, gcid)).catch(() => [] as string[])) {
        const dir = path.join(segments, gcid, profile);
        let bytes = 0;
        let usedAt = 0;
        for (const name of await readdir(dir).catch(() => [] as string[])) {
          // Runs' own folders (`.run-<id>`, their partial segments) die with the process.
          if (!name.endsWith(".m4s") && !name.endsWith(".mp4")) {
            await rm(path.join(dir, name), { recursive: true, force: true });
            continue;
          }
          const s = await stat(path.join(dir, name)).catch(() => undefined);
          if (!s) continue;
          bytes += s.size;
          usedAt = Math.max(usedAt, s.mtimeMs);
        }
        this.remember(`${gcid}/${profile}`, dir, bytes, usedAt);
      }
    }
    for (const name of await readdir(this.sourcesDir).catch(() => [] as string[])) {
      const file = path.join(this.sourcesDir, name);
      if (name.endsWith(".part")) {
        await rm(file, { force: true });
        continue;
      }
      const s = await stat(file).catch(() => undefined);
      if (s) this.remember(`source:${name}`, file, s.size, s.mtimeMs);
    }
    await this.evict();
  }

  private remember(key: string, where: string, bytes: number, usedAt: number): void {
    const known = this.entries.get(key);
    if (known) {
      this.total += bytes - known.bytes;
      known.bytes = bytes;
      return;
    }
    this.entries.set(key, { path: where, bytes, usedAt, pins: 0 });
    this.total += bytes;
  }

  /** Adds `bytes` written under entry `key` (at `where`), then evicts over the cap. */
  async add(key: string, where: string, bytes: number): Promise<void> {
    const entry = this.entries.get(key);
    if (entry) {
      entry.bytes += bytes;
      entry.usedAt = this.clock.now();
      this.total += bytes;
    } else {
      this.entries.set(key, { path: where, bytes, usedAt: this.clock.now(), pins: 0 });
      this.total += bytes;
    }
    await this.evict();
  }

  touch(key: string): void {
    const entry = this.entries.get(key);
    if (entry) entry.usedAt = this.clock.now();
  }

  /** Keeps `key` from eviction until `unpin` (a running stream writes or reads it). */
  pin(key: string, where: string): void {
    const entry = this.entries.get(key) ?? { path: where, bytes: 0, usedAt: this.clock.now(), pins: 0 };
    entry.pins++;
    entry.usedAt = this.clock.now();
    this.entries.set(key, entry);
  }

  unpin(key: string): void {
    const entry = this.entries.get(key);
    if (entry && entry.pins > 0) entry.pins--;
  }

  get bytes(): number {
    return this.total;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  async evict(): Promise<void> {
    if (this.evicting) return this.evicting;
    this.evicting = this.evictNow().finally(() => {
      this.evicting = undefined;
    });
    return this.evicting;
  }

  private async evictNow(): Promise<void> {
    if (this.total <= this.capBytes) return;
    const candidates = [...this.entries.entries()]
      .filter(([, e]) => e.pins === 0)
      .sort((a, b) => a[1].usedAt - b[1].usedAt);
    for (const [key, entry] of candidates) {
      if (this.total <= this.capBytes) break;
      if (entry.pins > 0) continue;
      this.entries.delete(key);
      this.total -= entry.bytes;
      await rm(entry.path, { recursive: true, force: true });
    }
  }
}
