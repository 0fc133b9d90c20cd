import { randomBytes } from "node:crypto";
import { mkdtemp, open, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileReadStream } from "./file-read-stream.js";

describe("FileReadStream", () => {
  const bytes = randomBytes(10_000);
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "nimbus-read-"));
    file = join(dir, "blob");
    await writeFile(file, bytes);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function collect(
    stream: FileReadStream,
    release: boolean,
  ): Promise<{ data: Buffer; chunks: Buffer[] }> {
    const copies: Buffer[] = [];
    const chunks: Buffer[] = [];
    for await (const chunk of stream) {
      chunks.push(chunk);
      copies.push(Buffer.from(chunk)); // what a socket write takes away before the release
      if (release) stream.release(chunk);
    }
    return { data: Buffer.concat(copies), chunks };
  }

  it("reads the whole file, and a range, in chunks", async () => {
    const whole = await collect(new FileReadStream(await open(file), {}, 4096), false);
    expect(whole.data.equals(bytes)).toBe(true);
    expect(whole.chunks.map((c) => c.length)).toEqual([4096, 4096, 1808]);
    const range = await collect(new FileReadStream(await open(file), { start: 100, end: 8291 }, 4096), false);
    expect(range.data.equals(bytes.subarray(100, 8292))).toBe(true);
  });

  it("refills released chunks instead of allocating, and never hands out a chunk still held", async () => {
    const released = await collect(new FileReadStream(await open(file), {}, 1000), true);
    expect(released.data.equals(bytes)).toBe(true);
    const memories = new Set(released.chunks.map((c) => c.buffer));
    expect(memories.size).toBeLessThanOrEqual(3);
    // Without releases every chunk has its own memory, so a consumer may keep them all.
    const kept = await collect(new FileReadStream(await open(file), {}, 1000), false);
    expect(new Set(kept.chunks.map((c) => c.buffer)).size).toBe(10);
    expect(Buffer.concat(kept.chunks).equals(bytes)).toBe(true);
  });

  it("ignores chunks it did not make", async () => {
    const stream = new FileReadStream(await open(file), {}, 1000);
    stream.release(Buffer.alloc(1000));
    const { data, chunks } = await collect(stream, false);
    expect(data.equals(bytes)).toBe(true);
    expect(chunks.some((c) => c.every((b) => b === 0) && c.length === 1000)).toBe(false);
  });

  it("fails when the file is shorter than the range, and closes its handle when destroyed", async () => {
    await expect(
      collect(new FileReadStream(await open(file), { start: 0, end: 20_000 }, 4096), false),
    ).rejects.toThrow(/file ended at 10000/);
    const handle = await open(file);
    const stream = new FileReadStream(handle, {}, 1000);
    stream.destroy();
    await new Promise((resolve) => stream.once("close", resolve));
    await expect(handle.stat()).rejects.toThrow(/closed|EBADF/);
  });
});
