import { open, rm, stat, statfs } from "node:fs/promises";
import path from "node:path";

/** The spare file's name under DATA_DIR. */
export const SPARE_FILE = "nimbus-spare.bin";
const CHUNK = Buffer.alloc(1024 * 1024);

export interface DataVolumeOptions {
  /** DATA_DIR: the volume holding the SQLite database, local blobs and unfinished uploads. */
  dir: string;
  /** Below this many free bytes the node is not ready (`/readyz` 503). */
  reserveBytes: number;
  /** Size of the spare file kept on the volume and deleted when it fills up (0: none). */
  spareBytes: number;
}

export interface VolumeState {
  /** Bytes an unprivileged writer can still use. */
  freeBytes: number;
  /** Whether the volume holds at least the reserve. */
  ready: boolean;
  /** Whether the spare file is in place. */
  spareKept: boolean;
}

/**
 * DATA_DIR's volume, watched so a full disk never blocks freeing space (decision 0063). A spare
 * file is kept on it; when a write meets a full volume (ENOSPC, SQLITE_FULL) the spare is deleted
 * at once, so SQLite has room for the journal of the deletes and trashes that free space. It is
 * written again once twice its size is free.
 */
export class DataVolume {
  readonly spareFile: string;
  private spareKept = false;
  private making: Promise<void> | undefined;

  constructor(private readonly options: DataVolumeOptions) {
    this.spareFile = path.join(options.dir, SPARE_FILE);
  }

  get reserveBytes(): number {
    return this.options.reserveBytes;
  }

  async freeBytes(): Promise<number> {
    const info = await statfs(this.options.dir);
    return info.bavail * info.bsize;
  }

  /** The volume's free space against the reserve; puts the spare back once twice its size is free. */
  async check(): Promise<VolumeState> {
    let freeBytes = await this.freeBytes();
    if (!this.spareKept && freeBytes >= 2 * this.options.spareBytes) {
      await this.keepSpare();
      freeBytes = await this.freeBytes();
    }
    return { freeBytes, ready: freeBytes >= this.options.reserveBytes, spareKept: this.spareKept };
  }

  /** Writes the spare file (real blocks, not a sparse file); gives up quietly when it does not fit. */
  keepSpare(): Promise<void> {
    this.making ??= this.writeSpare().finally(() => {
      this.making = undefined;
    });
    return this.making;
  }

  /** A write found the volume full: the spare's room goes to the writes that free space. */
  async full(): Promise<void> {
    await this.making?.catch(() => {});
    this.spareKept = false;
    await rm(this.spareFile, { force: true });
  }

  private async writeSpare(): Promise<void> {
    const want = this.options.spareBytes;
    if (want <= 0) return;
    const have = await stat(this.spareFile).then(
      (s) => s.size,
      () => 0,
    );
    if (have >= want) {
      this.spareKept = true;
      return;
    }
    const file = await open(this.spareFile, "a");
    try {
      for (let at = have; at < want; at += CHUNK.length) {
        await file.write(CHUNK, 0, Math.min(CHUNK.length, want - at), at);
      }
      await file.datasync();
      this.spareKept = true;
    } catch {
      await rm(this.spareFile, { force: true });
    } finally {
      await file.close();
    }
  }
}
