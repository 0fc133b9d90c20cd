import { execFileSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { crc32 } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireTools } from "../../../test/support/tools.js";
import { type ZipEntry, zipSize, zipStream } from "./zip-writer.js";

requireTools("unzip", "7zz");

const bytes = (text: string) => async () => Readable.from([Buffer.from(text)]);

describe("zipStream", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "nimbus-zip-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function write(name: string, entries: ZipEntry[]): Promise<string> {
    const file = path.join(dir, name);
    await pipeline(await zipStream(entries), createWriteStream(file));
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

  it("answers any range with the same bytes as that part of the whole zip, CRCs known or not", async () => {
    const when = Date.UTC(2024, 4, 17, 10, 30, 12);
    const a = Buffer.alloc(70_000, 7);
    const b = Buffer.from("second file");
    const blob = (bytes: Buffer) => async (range?: { start: number; end: number }) =>
      Readable.from([range ? bytes.subarray(range.start, range.end + 1) : bytes]);
    const entries = (crcs: boolean): ZipEntry[] => [
      { path: "dir/", size: 0, modifiedAt: when },
      {
        path: "dir/a.bin",
        size: a.length,
        modifiedAt: when,
        open: blob(a),
        crc: crcs ? crc32(a) : undefined,
      },
      { path: "b.txt", size: b.length, modifiedAt: when, open: blob(b), crc: crcs ? crc32(b) : undefined },
    ];
    const read = async (stream: Readable) => {
      const parts: Buffer[] = [];
      for await (const chunk of stream) parts.push(chunk as Buffer);
      return Buffer.concat(parts);
    };
    const computed: string[] = [];
    const whole = await read(
      await zipStream(entries(false), { onCrc: async (entry) => void computed.push(entry.path) }),
    );
    expect(whole.length).toBe(zipSize(entries(false)));
    expect(computed).toEqual(["dir/a.bin", "b.txt"]);
    const size = whole.length;
    // Cuts inside headers, inside data, at descriptors, in the central directory and the end record.
    const cuts = [0, 1, 30, 45, 40_000, a.length + 50, a.length + 60, size - 200, size - 22, size - 1];
    for (const crcs of [false, true]) {
      for (const start of cuts) {
        for (const end of [
          start,
          Math.min(size - 1, start + 17),
          Math.min(size - 1, start + 70_123),
          size - 1,
        ]) {
          const remembered: string[] = [];
          const part = await read(
            await zipStream(entries(crcs), {
              range: { start, end },
              onCrc: async (entry) => void remembered.push(entry.path),
            }),
          );
          expect(part.equals(whole.subarray(start, end + 1)), `${crcs} ${start}-${end}`).toBe(true);
          if (crcs) expect(remembered).toEqual([]);
        }
      }
    }
    await expect(zipStream(entries(true), { range: { start: size, end: size } })).rejects.toThrow(
      /zip bytes/,
    );
  });

  it("fails a range whose entry is shorter than declared", async () => {
    const entries = [{ path: "short.txt", size: 10, modifiedAt: 0, open: bytes("abc") }];
    const stream = await zipStream(entries, { range: { start: 100, end: 120 } });
    await expect(async () => {
      for await (const _ of stream) {
        // drain
      }
    }).rejects.toThrow(/expected 10 bytes, read 3/);
  });
});
