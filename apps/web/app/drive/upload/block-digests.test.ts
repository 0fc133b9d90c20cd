import { createHash, webcrypto } from "node:crypto";
import { BlockSha256Hasher, GcidHasher } from "@nimbus/protocol";
import { describe, expect, it } from "vitest";
import { blockLayout, combineDigests, digestBlocks } from "./block-digests.js";

const subtle = webcrypto.subtle as SubtleCrypto;

function pattern(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7) % 253;
  return bytes;
}

/** What the server computes for the same bytes (node:crypto, streaming). */
function server(bytes: Uint8Array) {
  const gcid = new GcidHasher(bytes.length, () => createHash("sha1"));
  const block = new BlockSha256Hasher(bytes.length, () => createHash("sha256"));
  gcid.update(bytes);
  block.update(bytes);
  return { gcid: gcid.digest(), blockSha256: block.digest() };
}

describe("browser block digests (WebCrypto)", () => {
  it.each([0, 1, 256 * 1024, 256 * 1024 + 1, 9 * 1024 * 1024 + 5, 130 * 1024 * 1024])(
    "equal the server's GCID and block SHA-256 (%i bytes)",
    async (size) => {
      const bytes = pattern(size);
      const file = new Blob([bytes]);
      const { blocks } = blockLayout(size);
      const whole = await digestBlocks(subtle, file, 0, blocks);
      if (!whole) throw new Error("not digested");
      expect(await combineDigests(subtle, [whole])).toEqual(server(bytes));
      // Two halves, as the worker and its helper split a file, combine to the same.
      const split = Math.floor(blocks / 2);
      const parts = [
        await digestBlocks(subtle, file, 0, split),
        await digestBlocks(subtle, file, split, blocks),
      ];
      expect(await combineDigests(subtle, parts as never)).toEqual(server(bytes));
    },
  );

  it("reports every byte once, read by read", async () => {
    const size = 40 * 1024 * 1024 + 3;
    const file = new Blob([pattern(size)]);
    const reported: number[] = [];
    await digestBlocks(subtle, file, 0, blockLayout(size).blocks, (bytes) => reported.push(bytes));
    expect(reported.reduce((sum, bytes) => sum + bytes, 0)).toBe(size);
    expect(reported.length).toBeGreaterThan(1);
  });

  it("stops when cancelled", async () => {
    const file = new Blob([pattern(20 * 1024 * 1024)]);
    expect(
      await digestBlocks(subtle, file, 0, blockLayout(file.size).blocks, undefined, () => true),
    ).toBeUndefined();
  });
});
