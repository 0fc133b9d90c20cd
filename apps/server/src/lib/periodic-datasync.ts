import type { FileHandle } from "node:fs/promises";

/**
 * The `fdatasync`s of a file written front to back: one in the background every `everyBytes`
 * written, so the disk keeps pace with the writes and the last one stays short, and one for
 * the rest at the end (`rest`, after `settled`). A failed background one goes to `onFailure`.
 */
export class PeriodicDatasync {
  private unsynced = 0;
  private syncing: Promise<void> | undefined;

  constructor(
    private readonly file: Pick<FileHandle, "datasync">,
    private readonly everyBytes: number,
    private readonly onFailure: (error: Error) => void,
  ) {}

  /** `bytes` more reached the file: starts a background fdatasync once enough did. */
  written(bytes: number): void {
    this.unsynced += bytes;
    if (this.unsynced < this.everyBytes || this.syncing) return;
    this.unsynced = 0;
    this.syncing = this.file
      .datasync()
      .catch(this.onFailure)
      .finally(() => {
        this.syncing = undefined;
      });
  }

  /** Waits for the background fdatasync in flight, if any. */
  async settled(): Promise<void> {
    await this.syncing;
  }

  /** Syncs what was written since the last fdatasync (call after `settled`). */
  async rest(): Promise<void> {
    if (this.unsynced === 0) return;
    this.unsynced = 0;
    await this.file.datasync();
  }
}
