import { type ArchiveEntry, NimbusError } from "@nimbus/protocol";
import type { Config } from "../../config/config.js";
import { isoTime } from "../../lib/clock.js";
import type { RawEntry } from "./archive-tools.js";

/** Archives unpacking to less than this are never refused for their ratio (small files of zeros are not bombs). */
export const RATIO_FLOOR_BYTES = 16 * 1024 * 1024;

export type ArchiveLimits = Pick<
  Config["archives"],
  "maxEntries" | "maxUnpackedBytes" | "maxRatio" | "maxDepth"
>;

/** An archive path as clean `/`-separated parts: no root, no `.`/`..`, no empty parts. */
export function pathParts(path: string): string[] {
  return path
    .replace(/\\/g, "/")
    .split("/")
    .filter((part) => part !== "" && part !== "." && part !== "..");
}

/**
 * The entries of an archive with clean paths, sorted, every folder present
 * once (tools omit folders that only their files imply).
 */
export function normalizeEntries(raw: readonly RawEntry[]): ArchiveEntry[] {
  const byPath = new Map<string, ArchiveEntry>();
  const add = (parts: string[], entry: Partial<RawEntry> & { isDir: boolean }) => {
    const path = parts.join("/");
    const existing = byPath.get(path);
    if (existing && (existing.is_dir || !entry.isDir)) {
      if (!entry.isDir) Object.assign(existing, fromRaw(parts, entry));
      return;
    }
    byPath.set(path, fromRaw(parts, entry));
  };
  for (const entry of raw) {
    const parts = pathParts(entry.path);
    if (parts.length === 0) continue;
    for (let depth = 1; depth < parts.length; depth++) {
      if (!byPath.has(parts.slice(0, depth).join("/"))) add(parts.slice(0, depth), { isDir: true });
    }
    add(parts, entry);
  }
  return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function fromRaw(parts: string[], entry: Partial<RawEntry> & { isDir: boolean }): ArchiveEntry {
  return {
    path: parts.join("/"),
    name: parts.at(-1) ?? "",
    parent_path: parts.slice(0, -1).join("/"),
    is_dir: entry.isDir,
    size: String(entry.isDir ? 0 : (entry.size ?? 0)),
    compressed_size: String(entry.isDir ? 0 : (entry.packedSize ?? 0)),
    encrypted: entry.encrypted ?? false,
    modified_time: isoTime(entry.modifiedAt ?? 0),
  };
}

/** Refuses likely bombs: too many entries, too much data, a suspicious ratio, too deep. */
export function checkLimits(
  entries: readonly ArchiveEntry[],
  archiveSize: number,
  limits: ArchiveLimits,
): void {
  if (entries.length > limits.maxEntries) {
    throw new NimbusError("archive_too_many_entries", `${entries.length} entries`, {
      metadata: { limit: String(limits.maxEntries) },
    });
  }
  const total = entries.reduce((sum, entry) => sum + Number(entry.size), 0);
  if (total > limits.maxUnpackedBytes) {
    throw new NimbusError("archive_too_large", `unpacks to ${total} bytes`, {
      metadata: { limit: String(limits.maxUnpackedBytes) },
    });
  }
  if (total > RATIO_FLOOR_BYTES && total / Math.max(1, archiveSize) > limits.maxRatio) {
    throw new NimbusError("archive_ratio_suspicious", `unpacks to ${total} bytes from ${archiveSize}`, {
      metadata: { limit: String(limits.maxRatio) },
    });
  }
  const depth = Math.max(0, ...entries.map((entry) => entry.path.split("/").length - (entry.is_dir ? 0 : 1)));
  if (depth > limits.maxDepth) {
    throw new NimbusError("archive_too_deep", `${depth} levels`, {
      metadata: { limit: String(limits.maxDepth) },
    });
  }
}

export function totalSize(entries: readonly ArchiveEntry[]): number {
  return entries.reduce((sum, entry) => sum + Number(entry.size), 0);
}
