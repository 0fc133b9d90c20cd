import { createHash } from "node:crypto";
import { FILE_KIND, NimbusError } from "@nimbus/protocol";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { Db } from "../../db/database.js";
import { type FileRow, liveAmong, liveChildren } from "../files/index.js";
import type { ZipEntry } from "./zip-writer.js";

/** Most items one zip link may name, and most entries one zip may hold once folders are walked. */
export const MAX_ZIP_ITEMS = 100;
export const MAX_ZIP_ENTRIES = 50_000;

/** A file entry of a zip knows its blob, whose CRC-32 is kept in `blobs.crc32`. */
export interface PlannedEntry extends ZipEntry {
  gcid?: string;
}

export interface ZipPlan {
  /** The file name of the zip. */
  name: string;
  entries: PlannedEntry[];
}

/**
 * The CRC-32s kept per blob (the space module's `BlobCrcs`, passed in by the wiring: downloads
 * and space are of one level).
 */
export interface KnownCrcs {
  known(keys: readonly string[]): Promise<Map<string, number>>;
  remember(gcid: string, crc: number): Promise<void>;
}

/**
 * The zip's strong entity tag: what fixes its bytes (decision 0066). The layout follows from
 * each entry's path, size and time; the bytes from each blob's content, named by its GCID.
 */
export function zipEtag(entries: readonly PlannedEntry[]): string {
  const hash = createHash("sha256");
  for (const entry of entries)
    hash.update(`${entry.path}\0${entry.size}\0${entry.modifiedAt}\0${entry.gcid ?? ""}\n`);
  return `"zip-${hash.digest("base64url").slice(0, 32)}"`;
}

/** Gives each name in one folder of the zip a unique spelling: `a.txt`, `a (1).txt`, … */
function uniqueName(taken: Set<string>, name: string): string {
  let candidate = name;
  const dot = name.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  for (let n = 1; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** A folder's zip is named after it; any other selection after the day. */
export function zipName(roots: readonly FileRow[], now: number): string {
  const only = roots.length === 1 ? roots[0] : undefined;
  if (only?.kind === FILE_KIND.folder) return `${only.name}.zip`;
  return `Nimbus ${new Date(now).toISOString().slice(0, 10)}.zip`;
}

/**
 * Turns a selection of a user's files and folders into zip entries: folders
 * are walked (trashed and incomplete items skipped), each file's bytes opened
 * lazily from the blob store when the zip writer reaches it.
 */
export class ZipPlanner {
  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
    private readonly crcs: KnownCrcs,
  ) {}

  /** Checks a selection exists (live, owned by `userId`) and returns the rows in the given order. */
  async selection(userId: string, ids: readonly string[]): Promise<FileRow[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0 || unique.length > MAX_ZIP_ITEMS) {
      throw new NimbusError("invalid_argument", `name 1 to ${MAX_ZIP_ITEMS} items`, {
        metadata: { field: "ids" },
      });
    }
    const rows = await liveAmong(this.db, userId, unique);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const missing = unique.find((id) => !byId.has(id));
    if (missing) throw new NimbusError("file_not_found", undefined, { metadata: { id: missing } });
    return unique.map((id) => byId.get(id) as FileRow);
  }

  async plan(userId: string, ids: readonly string[], now: number): Promise<ZipPlan> {
    const roots = await this.selection(userId, ids);
    const entries: ZipEntry[] = [];
    const rootNames = new Set<string>();
    for (const row of roots) await this.add(userId, row, "", rootNames, entries);
    await this.knownCrcs(entries);
    return { name: zipName(roots, now), entries };
  }

  /** Keeps a CRC-32 a zip download computed, for every later zip holding the same blob. */
  async rememberCrc(entry: PlannedEntry, crc: number): Promise<void> {
    if (entry.gcid) await this.crcs.remember(entry.gcid, crc);
  }

  private async knownCrcs(entries: PlannedEntry[]): Promise<void> {
    const keys = [...new Set(entries.flatMap((entry) => (entry.gcid ? [entry.gcid] : [])))];
    const crcs = await this.crcs.known(keys);
    for (const entry of entries) if (entry.gcid) entry.crc = crcs.get(entry.gcid);
  }

  private async add(userId: string, row: FileRow, prefix: string, taken: Set<string>, out: PlannedEntry[]) {
    if (out.length >= MAX_ZIP_ENTRIES) {
      throw new NimbusError("out_of_range", `a zip holds at most ${MAX_ZIP_ENTRIES} items`);
    }
    const path = prefix + uniqueName(taken, row.name);
    if (row.kind === FILE_KIND.folder) {
      out.push({ path: `${path}/`, size: 0, modifiedAt: row.modified_at });
      const children = await liveChildren(this.db, userId, row.id);
      const names = new Set<string>();
      for (const child of children) await this.add(userId, child, `${path}/`, names, out);
      return;
    }
    const gcid = row.blob_gcid;
    if (row.phase !== "PHASE_TYPE_COMPLETE" || gcid === null) return;
    out.push({
      path,
      size: row.size,
      modifiedAt: row.modified_at,
      gcid,
      open: (range) => this.blobs.get(gcid, range),
    });
  }
}
