import { randomBytes } from "node:crypto";
import { mkdtemp, open, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SlabFileWriter } from "./slab-file-writer.js";

describe("SlabFileWriter (a taken-over body read into reused slabs)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "nimbus-slab-writer-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("writes reads into its rooms and copies in between, in order, pausing when every slab waits", async () => {
    const bytes = randomBytes(21 * 1024 * 1024 + 5);
    const file = path.join(dir, "body.bin");
    const handle = await open(file, "w");
    const ends: number[] = [];
    const writer = new SlabFileWriter(handle, 0, (end) => ends.push(end));
    let at = 0;
    let pauses = 0;
    let step = 0;
    while (at < bytes.length) {
      if (!writer.hasRoom) {
        pauses++;
        await new Promise<void>((resume) => writer.onRoom(resume));
        continue;
      }
      // Reads of odd sizes, as a socket gives them: most land in the room, some are copies.
      const size = Math.min(bytes.length - at, [70_000, 1_500_000, 65_536, 3_000_000][step % 4] as number);
      if (step++ % 5 === 4) {
        writer.received(bytes.subarray(at, at + size), false);
      } else {
        const room = writer.room() as Buffer;
        const read = Math.min(size, room.length);
        bytes.copy(room, 0, at, at + read);
        writer.received(room.subarray(0, read), true);
        at += read;
        continue;
      }
      at += size;
    }
    await writer.end();
    await handle.close();
    expect((await readFile(file)).equals(bytes)).toBe(true);
    expect(ends.at(-1)).toBe(bytes.length);
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    expect(pauses).toBeGreaterThan(0); // 21 MiB read faster than written: the 8 MiB of slabs filled up
  });

  it("writes at the given offset of an existing file (a resume)", async () => {
    const head = randomBytes(100_000);
    const tail = randomBytes(300_000);
    const file = path.join(dir, "resumed.bin");
    const first = await open(file, "w");
    await first.write(head, 0, head.length, 0);
    await first.close();
    const handle = await open(file, "r+");
    const writer = new SlabFileWriter(handle, head.length, () => undefined);
    writer.received(tail, false);
    await writer.end();
    await handle.close();
    expect((await readFile(file)).equals(Buffer.concat([head, tail]))).toBe(true);
  });
});
