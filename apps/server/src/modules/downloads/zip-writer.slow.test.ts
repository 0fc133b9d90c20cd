import { execFileSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, open, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireTools } from "../../../test/support/tools.js";
import { type ZipEntry, zipSize, zipStream } from "./zip-writer.js";

requireTools("unzip", "7zz");

// Writes and reads back more than 4 GiB: the slow tier.
const bytes = (text: string) => async () => Readable.from([Buffer.from(text)]);
const zeros = (size: number) => async () =>
  Readable.from(
    (function* () {
      const chunk = Buffer.alloc(8 * 1024 * 1024);
      for (let left = size; left > 0; left -= chunk.length)
        yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    })(),
  );

describe("zipStream beyond 4 GiB", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "nimbus-zip64-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function write(name: string, entries: ZipEntry[]): Promise<string> {
    const file = path.join(dir, name);
    await pipeline(await zipStream(entries), createWriteStream(file));
    expect((await stat(file)).size).toBe(zipSize(entries));
    return file;
  }

  it("switches to ZIP64 for an entry over 4 GiB and for offsets beyond it", {
    timeout: 180_000,
  }, async () => {
    const big = 2 ** 32 + 5;
    const file = await write("big.zip", [
      { path: "big.bin", size: big, modifiedAt: Date.now(), open: zeros(big) },
      { path: "after.txt", size: 5, modifiedAt: Date.now(), open: bytes("after") },
    ]);
    const list = execFileSync("7zz", ["l", "-slt", file]).toString();
    expect(list).toMatch(new RegExp(`Path = big.bin\\nFolder = -\\nSize = ${big}\\n`));
    expect(list).toContain("Path = after.txt");
    expect(execFileSync("unzip", ["-p", file, "after.txt"]).toString()).toBe("after");
    expect(execFileSync("7zz", ["t", file]).toString()).toMatch(/Everything is Ok/);
    const handle = await open(file, "r");
    const tail = Buffer.alloc(98);
    await handle.read(tail, 0, 98, (await handle.stat()).size - 98);
    await handle.close();
    expect(tail.readUInt32LE(0)).toBe(0x06064b50); // zip64 end of central directory
  });
});
