import { randomUUID } from "node:crypto";
import { rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Now on the clock that stamps files in `dir`: a probe file's modification time. A
 * sweep that ages files against it removes only what is old on the volume's own clock,
 * whatever this process's clock says (an NFS server's clock drifting from this node's,
 * or a process whose clock was moved); this process's clock when the probe cannot be
 * written (a full volume).
 */
export async function volumeNow(dir: string): Promise<number> {
  const probe = join(dir, `.nimbus-clock-${randomUUID()}`);
  try {
    await writeFile(probe, "");
    return (await stat(probe)).mtimeMs;
  } catch {
    return Date.now();
  } finally {
    await rm(probe, { force: true }).catch(() => {});
  }
}
