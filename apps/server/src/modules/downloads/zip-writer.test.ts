import { execFileSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, open, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ZipEntry, zipSize, zipStream } from "./zip-writer.js";

const bytes = (text: string) => async () => Readable.from([Buffer.from(text)]);
const zeros = (size: number) => async () =>
  Readable.from(
    (function* () {
      const chunk = Buffer.alloc(8 * 1024 * 1024);
      for (let left = size; left > 0; left -= chunk.length)
        yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    })(),
  );

describe("zipStream", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "nimbus-zip-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function write(name: string, entries: ZipEntry[]): Promise<string> {
    const file = path.join(dir, name);
    await pipeline(zipStream(entries), createWriteStream(file));
    expect((await stat(file)).size).toBe(zipSize(entries));
    return file;
  }

  it("writes folders and files that unzip and 7-Zip read back, with UTF-8 names", async () => {
    const when = Date.UTC(2024, 4, 17, 10, 30, 12);
    const file = await write("small.zip", [
      { path: "Photos/", size: 0, modifiedAt: when },
      { path: "Photos/été 🌞.txt", size: 5, modifiedAt: when, open: bytes("hello") },
      { path: "empty.bin", size: 0, modifiedAt: when, open: bytes("") },
    ]);
    const listing = execFileSync("unzip", ["-Z1", file]).toString().split("\n").filter(Boolean);
    expect(listing).toEqual(["Photos/", "Photos/été 🌞.txt", "empty.bin"]);
    expect(execFileSync("unzip", ["-p", file, "Photos/été 🌞.txt"]).toString()).toBe("hello");
    expect(execFileSync("unzip", ["-tq", file]).toString()).toMatch(/No errors detected/);
    expect(execFileSync("7zz", ["t", file]).toString()).toMatch(/Everything is Ok/);
  });

  it("fails the stream when a file yields other than its declared size", async () => {
    const entries = [{ path: "short.txt", size: 10, modifiedAt: 0, open: bytes("abc") }];
    await expect(write("short.zip", entries)).rejects.toThrow(/expected 10 bytes, read 3/);
  });

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
