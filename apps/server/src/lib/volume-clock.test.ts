import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { volumeNow } from "./volume-clock.js";

describe("volumeNow", () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it("reads the time the volume stamps on a new file, and leaves nothing behind", async () => {
    const dir = await mkdtemp(join(tmpdir(), "nimbus-volume-clock-"));
    dirs.push(dir);
    await writeFile(join(dir, "before"), "");
    const before = (await stat(join(dir, "before"))).mtimeMs;
    const now = await volumeNow(dir);
    await writeFile(join(dir, "after"), "");
    const after = (await stat(join(dir, "after"))).mtimeMs;
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(after);
    expect((await readdir(dir)).sort()).toEqual(["after", "before"]);
  });

  it("reads a folder not made yet through its parent", async () => {
    const dir = await mkdtemp(join(tmpdir(), "nimbus-volume-clock-"));
    dirs.push(dir);
    await writeFile(join(dir, "before"), "");
    const before = (await stat(join(dir, "before"))).mtimeMs;
    expect(await volumeNow(join(dir, "not-yet"))).toBeGreaterThanOrEqual(before);
    expect((await readdir(dir)).sort()).toEqual(["before"]);
  });

  it("falls back on this process's clock where it cannot write", async () => {
    expect(await volumeNow(join(tmpdir(), "nimbus-no-such-dir", "deeper"))).toBeGreaterThan(0);
  });
});
