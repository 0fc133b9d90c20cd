import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpSource } from "../../src/modules/offline/http-source.js";
import type { OfflineManifest } from "../../src/modules/offline/offline-source.js";
import { SsrfGuard } from "../../src/modules/offline/ssrf-guard.js";
import { supportsDirectIo } from "../../src/modules/uploads/direct-file-writer.js";
import { type FileServer, startFileServer } from "./support.js";

const PARTIAL = 1024 * 1024 + 1234;

describe("HttpSource resuming a partial file", async () => {
  let server: FileServer;
  let dir: string;
  const direct = await supportsDirectIo(tmpdir());
  beforeAll(async () => {
    server = await startFileServer();
    dir = await mkdtemp(path.join(tmpdir(), "nimbus-http-source-"));
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Fetches `/file.bin` into a folder that already holds its first `PARTIAL` bytes; the ranges asked. */
  async function resume(directIo: boolean) {
    const source = new HttpSource({
      guard: new SsrfGuard({ allowPrivate: true }),
      maxBytes: 0,
      bandwidthBytesPerSecond: 0,
      directIo,
    });
    const folder = await mkdtemp(path.join(dir, "task-"));
    await writeFile(path.join(folder, "file.bin"), server.bytes.subarray(0, PARTIAL));
    const manifest: OfflineManifest = {
      name: "file.bin",
      folder: false,
      files: [{ index: 0, path: ["file.bin"], size: server.bytes.length }],
      totalSize: server.bytes.length,
    };
    const written: Array<[number, boolean]> = [];
    const before = server.requests.length;
    try {
      await source.fetch({ kind: "url", url: `${server.url}/file.bin` }, manifest, {
        dir: folder,
        signal: new AbortController().signal,
        onProgress: () => undefined,
        onWritten: (_file, _size, end, viaDirect) => written.push([end, viaDirect]),
      });
    } finally {
      await source.close();
    }
    expect((await readFile(path.join(folder, "file.bin"))).equals(server.bytes)).toBe(true);
    expect(written.at(-1)?.[0]).toBe(server.bytes.length);
    return { ranges: server.requests.slice(before).map((r) => r.range), written };
  }

  it.runIf(direct)(
    "past the page cache: from the last 4 KiB boundary, every write reported as direct",
    async () => {
      const { ranges, written } = await resume(true);
      expect(ranges).toEqual([`bytes=${PARTIAL - (PARTIAL % 4096)}-`]);
      expect(written.every(([, viaDirect]) => viaDirect)).toBe(true);
    },
  );

  it("through the page cache: from the partial file's last byte", async () => {
    const { ranges, written } = await resume(false);
    expect(ranges).toEqual([`bytes=${PARTIAL}-`]);
    expect(written.every(([, viaDirect]) => !viaDirect)).toBe(true);
  });
});
