import { createHash } from "node:crypto";
import { createSHA1 } from "hash-wasm";
import { describe, expect, it } from "vitest";
import { createGcidHasher } from "./gcid-hashers.js";

const KiB = 1024;

/** Byte i is i % 251 (the reference vectors' "pattern"). */
function pattern(size: number): Uint8Array {
  return Uint8Array.from({ length: size }, (_, index) => index % 251);
}

async function gcidOf(bytes: Uint8Array, chunk: number): Promise<string> {
  const hasher = createGcidHasher(bytes.length, await createSHA1(), await createSHA1());
  for (let offset = 0; offset < bytes.length; offset += chunk)
    hasher.update(bytes.subarray(offset, offset + chunk));
  return hasher.digest();
}

describe("GCID over hash-wasm's SHA-1 (the upload worker's hasher)", () => {
  it.each([
    ["empty", new Uint8Array(0), "DA39A3EE5E6B4B0D3255BFEF95601890AFD80709"],
    ["abc", new TextEncoder().encode("abc"), "0D3CED9BEC10A777AEC23CCC353A8C08A633045E"],
    ["256 KiB of pattern", pattern(256 * KiB), "F43C5D94B1F43CD4665DAC585073FF87FF44ED68"],
    ["256 KiB + 1 of pattern", pattern(256 * KiB + 1), "B49C2F0058570F636C866EA282DD5CC9463416E8"],
  ])("matches the reference vector for %s", async (_name, bytes, gcid) => {
    expect(await gcidOf(bytes, 4 * KiB)).toBe(gcid);
  });

  it("agrees with node:crypto for many blocks fed in odd chunk sizes", async () => {
    const bytes = pattern(3 * 256 * KiB + 12_345);
    const blocks: Buffer[] = [];
    for (let offset = 0; offset < bytes.length; offset += 256 * KiB) {
      blocks.push(
        createHash("sha1")
          .update(bytes.subarray(offset, offset + 256 * KiB))
          .digest(),
      );
    }
    const expected = createHash("sha1").update(Buffer.concat(blocks)).digest("hex").toUpperCase();
    expect(await gcidOf(bytes, 100_003)).toBe(expected);
  });
});
