import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SegmentCache } from "./segment-cache.js";

describe("SegmentCache", () => {
  let root = "";
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  async function profileDir(cache: SegmentCache, gcid: string, profile: string, bytes: number) {
    const dir = cache.segmentsDir(gcid, profile);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "0.m4s"), Buffer.alloc(bytes));
    await cache.add(`${gcid}/${profile}`, dir, bytes);
    return dir;
  }

  it("evicts the least recently used folders over the cap, never a pinned one", async () => {
    root = await mkdtemp(path.join(tmpdir(), "nimbus-cache-"));
    let now = 1_000;
    const cache = new SegmentCache(root, 250, { now: () => now });
    await profileDir(cache, "A", "t720a1", 100);
    now += 1;
    await profileDir(cache, "B", "t720a1", 100);
    now += 1;
    cache.touch("A/t720a1"); // A is used again: B is now the oldest
    cache.pin("B/t720a1", cache.segmentsDir("B", "t720a1")); // …but a stream holds it
    now += 1;
    await profileDir(cache, "C", "t720a1", 100);
    expect(cache.has("A/t720a1")).toBe(false);
    expect(cache.has("B/t720a1")).toBe(true);
    expect(cache.bytes).toBe(200);
    expect(await readdir(path.join(root, "segments"))).toEqual(expect.arrayContaining(["B", "C"]));
    cache.unpin("B/t720a1");
    now += 1;
    await profileDir(cache, "D", "t720a1", 100);
    expect(cache.has("B/t720a1")).toBe(false);
    expect(cache.bytes).toBe(200);
  });

  it("learns what an earlier process left, dropping unfinished files", async () => {
    root = await mkdtemp(path.join(tmpdir(), "nimbus-cache-"));
    const first = new SegmentCache(root, 10_000, { now: () => 1 });
    const dir = await profileDir(first, "A", "r1080a1", 300);
    await writeFile(path.join(dir, "1.m4s.tmp"), Buffer.alloc(50));
    await mkdir(first.sourcesDir, { recursive: true });
    await writeFile(path.join(first.sourcesDir, "A"), Buffer.alloc(400));
    await writeFile(path.join(first.sourcesDir, "B.x.part"), Buffer.alloc(10));
    const second = new SegmentCache(root, 10_000, { now: () => 2 });
    await second.load();
    expect(second.bytes).toBe(700);
    expect(await readdir(dir)).toEqual(["0.m4s"]);
    expect(await readdir(second.sourcesDir)).toEqual(["A"]);
  });
});
