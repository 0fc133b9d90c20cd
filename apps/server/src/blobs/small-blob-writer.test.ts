import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, expect, it, vi } from "vitest";
import { ownBuffer, SmallBlobWriter } from "./small-blob-writer.js";

const dir = mkdtempSync(path.join(tmpdir(), "small-blob-writer-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("posts a view of a larger buffer as a copy of the view alone, and writes exactly its bytes", async () => {
  const large = Buffer.alloc(1 << 20, 7);
  const view = large.subarray(1000, 1000 + 10_240).fill(42);
  const posted = vi.spyOn(Worker.prototype, "postMessage");
  const writer = new SmallBlobWriter();
  try {
    const answer = await writer.write({
      tempPath: path.join(dir, "t1"),
      finalPath: path.join(dir, "ab", "blob1"),
      bytes: view,
      shardKnown: false,
    });
    expect(answer).toEqual({ created: true, same: true });
    const message = posted.mock.calls[0]?.[0] as { bytes: Uint8Array };
    expect(message.bytes.buffer.byteLength).toBe(10_240);
    expect(readFileSync(path.join(dir, "ab", "blob1")).equals(view)).toBe(true);
  } finally {
    posted.mockRestore();
    await writer.close();
  }
});

it("keeps a buffer that is its whole ArrayBuffer as it is", () => {
  const whole = new Uint8Array(16);
  expect(ownBuffer(whole)).toBe(whole);
  const view = new Uint8Array(new ArrayBuffer(64), 8, 16);
  expect(ownBuffer(view)).not.toBe(view);
  expect(ownBuffer(view).buffer.byteLength).toBe(16);
});
