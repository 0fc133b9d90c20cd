import { execFileSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
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
});
