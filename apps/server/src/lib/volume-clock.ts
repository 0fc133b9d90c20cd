import { randomUUID } from "node:crypto";
import { rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/**
 * Now on the clock that stamps files in `dir`: a probe file's modification time. A
 * sweep that ages files against it removes only what is old on the volume's own clock,
 * whatever this process's clock says (an NFS server's clock drifting from this node's,
 * or a process whose clock was moved); this process's clock when no probe can be
 * written (a full volume).
 */
export async function volumeNow(dir: string): Promise<number> {
  // A folder not made yet (a first start) is read through the folder that will hold it:
  // falling back on this process's clock there would age whatever is made meanwhile.
  for (const at of [dir, dirname(dir)]) {
    const probe = join(at, `.nimbus-clock-${randomUUID()}`);
    try {
      await writeFile(probe, "");
      return (await stat(probe)).mtimeMs;
    } catch {
      // the next folder up, then this process's clock
    } finally {
      await rm(probe, { force: true }).catch(() => {});
    }
  }
  return Date.now();
}
