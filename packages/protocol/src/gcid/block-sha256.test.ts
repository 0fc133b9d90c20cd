import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BlockSha256Hasher, isBlockSha256 } from "./block-sha256.js";
import { gcidBlockSize } from "./gcid.js";

const sha256 = () => createHash("sha256");
const hex = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

function blockSha256(bytes: Uint8Array, chunk = bytes.length || 1): string {
  const hasher = new BlockSha256Hasher(bytes.length, sha256);
  for (let offset = 0; offset < bytes.length; offset += chunk)
    hasher.update(bytes.subarray(offset, offset + chunk));
  return hasher.digest();
}

/** The definition, spelled out: SHA-256 over the concatenated SHA-256 of each GCID block. */
function byDefinition(bytes: Uint8Array): string {
  const block = gcidBlockSize(bytes.length);
  const outer = createHash("sha256");
  for (let offset = 0; offset < bytes.length; offset += block) {
    outer.update(
      createHash("sha256")
        .update(bytes.subarray(offset, offset + block))
        .digest(),
    );
  }
  return outer.digest("hex");
}

function pattern(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = i % 251;
  return bytes;
}

describe("BlockSha256Hasher", () => {
  it("gives SHA-256 of nothing for an empty file", () => {
    expect(blockSha256(new Uint8Array())).toBe(
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    );
  });

  it("gives SHA-256 of the one block's SHA-256 for a small file", () => {
    const abc = new TextEncoder().encode("abc");
    const inner = createHash("sha256").update(abc).digest();
    expect(inner.toString("hex")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(blockSha256(abc)).toBe(hex(inner));
  });

  it.each([1, 256 * 1024 - 1, 256 * 1024, 256 * 1024 + 1, 3 * 256 * 1024, 128 * 1024 * 1024 + 1])(
    "follows the definition across block boundaries (%i bytes), whatever the chunking",
    (size) => {
      const bytes = pattern(size);
      const expected = byDefinition(bytes);
      expect(blockSha256(bytes)).toBe(expected);
      expect(blockSha256(bytes, 100_003)).toBe(expected);
      expect(isBlockSha256(expected)).toBe(true);
    },
  );

  it("differs from the whole file's SHA-256 past one block", () => {
    const bytes = pattern(256 * 1024 + 1);
    expect(blockSha256(bytes)).not.toBe(hex(bytes));
  });
});
