import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIRECT_ALIGN, DirectFileWriter, openDirect, supportsDirectIo } from "./direct-file-writer.js";

const MiB = 1024 * 1024;

/** Writes `bytes` in chunks of the given sizes (cycled), as a socket would hand them over. */
async function writeInChunks(writer: DirectFileWriter, bytes: Buffer, sizes: number[]) {
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const chunk = bytes.subarray(at, at + (sizes[i % sizes.length] as number));
    at += chunk.length;
    if (!writer.write(chunk)) await new Promise((resolve) => writer.once("drain", resolve));
  }
}

const end = (writer: DirectFileWriter) =>
  new Promise<void>((resolve, reject) =>
    writer.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );

describe("DirectFileWriter (fetches written past the page cache)", async () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "nimbus-direct-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // The probe decides; on this project's CI machines (ext4) it is true, so the tests below run.
  const supported = await supportsDirectIo(tmpdir());

  it("knows tmpfs-like refusals from ext4 without leaving its probe file behind", async () => {
    expect(typeof supported).toBe("boolean");
    const left = (await import("node:fs/promises")).readdir(tmpdir());
    expect((await left).filter((name) => name.startsWith(".direct-io-probe-"))).toEqual([]);
  });

  it.runIf(supported)("writes every byte, reports whole buffers in order, then the end", async () => {
    const file = path.join(dir, "whole");
    const bytes = randomBytes(5 * MiB + 12_345);
    const reported: number[] = [];
    const handle = await openDirect(file, true);
    const writer = new DirectFileWriter(handle, file, 0, (at) => reported.push(at));
    try {
      await writeInChunks(writer, bytes, [65_536, 1, 3 * MiB, 777, 16_384]);
      await end(writer);
    } finally {
      await handle.close();
    }
    expect((await readFile(file)).equals(bytes)).toBe(true);
    expect(writer.written).toBe(bytes.length);
    expect(reported.at(-1)).toBe(bytes.length);
    expect(reported.slice(0, -1).every((at) => at % MiB === 0)).toBe(true);
    expect(reported).toEqual([...reported].sort((a, b) => a - b));
  });

  it.runIf(supported)("resumes at a block boundary and keeps the bytes before it", async () => {
    const file = path.join(dir, "resumed");
    const bytes = randomBytes(3 * MiB + 99);
    const start = 2 * DIRECT_ALIGN + MiB;
    await writeFile(file, bytes.subarray(0, start));
    const handle = await openDirect(file, false);
    const writer = new DirectFileWriter(handle, file, start, () => undefined);
    try {
      await writeInChunks(writer, bytes.subarray(start), [65_536]);
      await end(writer);
    } finally {
      await handle.close();
    }
    expect((await readFile(file)).equals(bytes)).toBe(true);
  });

  it.runIf(supported)("when destroyed, keeps only whole buffers: the file ends on a boundary", async () => {
    const file = path.join(dir, "dropped");
    const bytes = randomBytes(2 * MiB + 300_000);
    const handle = await openDirect(file, true);
    const writer = new DirectFileWriter(handle, file, 0, () => undefined);
    writer.on("error", () => undefined);
    try {
      await writeInChunks(writer, bytes, [65_536]);
      writer.destroy(new Error("connection dropped"));
      await writer.flush();
    } finally {
      await handle.close();
    }
    const { size } = await stat(file);
    expect(size).toBe(2 * MiB);
    expect((await readFile(file)).equals(bytes.subarray(0, size))).toBe(true);
  });

  it.runIf(supported)("refuses to start between blocks", async () => {
    const file = path.join(dir, "unaligned");
    const handle = await openDirect(file, true);
    try {
      expect(() => new DirectFileWriter(handle, file, 100, () => undefined)).toThrow(/boundary/);
    } finally {
      await handle.close();
    }
  });
});
