import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GcidHasher, gcidBlockSize, isGcid, type Sha1Factory, toHex } from "./gcid.js";

const KiB = 1024;
const MiB = 1024 * KiB;
const sha1: Sha1Factory = () => createHash("sha1");

/** Byte i is i % 251 (the reference's "pattern"). */
function pattern(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = i % 251;
  return bytes;
}

function gcidOf(bytes: Uint8Array, chunkSize = bytes.length || 1): string {
  const hasher = new GcidHasher(bytes.length, sha1);
  for (let offset = 0; offset < bytes.length; offset += chunkSize) {
    hasher.update(bytes.subarray(offset, offset + chunkSize));
  }
  return hasher.digest();
}

/** Feeds `size` zero bytes from one reused buffer, so memory stays at 4 MiB. */
function gcidOfZeros(size: number): string {
  const zeros = new Uint8Array(4 * MiB);
  const hasher = new GcidHasher(size, sha1);
  for (let left = size; left > 0; left -= zeros.length) {
    hasher.update(left >= zeros.length ? zeros : zeros.subarray(0, left));
  }
  return hasher.digest();
}

describe("gcidBlockSize", () => {
  it.each([
    [0, 256 * KiB],
    [1, 256 * KiB],
    [128 * MiB, 256 * KiB],
    [128 * MiB + 1, 512 * KiB],
    [256 * MiB, 512 * KiB],
    [256 * MiB + 1, 1 * MiB],
    [512 * MiB, 1 * MiB],
    [512 * MiB + 1, 2 * MiB],
    [1024 * MiB, 2 * MiB],
    [1024 * MiB + 1, 2 * MiB],
    [100 * 1024 * MiB, 2 * MiB],
  ])("size %i → block %i", (size, block) => {
    expect(gcidBlockSize(size)).toBe(block);
  });
});

describe("GcidHasher reference vectors", () => {
  it.each([
    ["empty", new Uint8Array(0), "DA39A3EE5E6B4B0D3255BFEF95601890AFD80709"],
    ["'abc'", new Uint8Array([0x61, 0x62, 0x63]), "0D3CED9BEC10A777AEC23CCC353A8C08A633045E"],
    ["256 KiB of pattern", pattern(256 * KiB), "F43C5D94B1F43CD4665DAC585073FF87FF44ED68"],
    ["256 KiB + 1 of pattern", pattern(256 * KiB + 1), "B49C2F0058570F636C866EA282DD5CC9463416E8"],
  ])("%s", (_name, bytes, gcid) => {
    expect(gcidOf(bytes)).toBe(gcid);
  });

  it.each([
    ["128 MiB of zeros", 128 * MiB, "239FE6CB403FF3498686FC3172EF958499B161F2"],
    ["128 MiB + 1 of zeros", 128 * MiB + 1, "07A062B60C0BCCDEBA1F220FD6D1B28326AFF01B"],
    ["600 MiB of zeros", 600 * MiB, "22AEEF97A05D022922064A4D63B0A92092AA7CE0"],
  ])("%s", (_name, size, gcid) => {
    expect(gcidOfZeros(size)).toBe(gcid);
  });
});

describe("GcidHasher chunking", () => {
  const bytes = pattern(3 * 256 * KiB + 12_345);
  const whole = gcidOf(bytes);

  it.each([1, 7, MiB + 3])("%i-byte chunks give the same digest as one chunk", (chunkSize) => {
    expect(gcidOf(bytes, chunkSize)).toBe(whole);
  });

  it("matches a direct computation of the block digests", () => {
    const outer = createHash("sha1");
    for (let offset = 0; offset < bytes.length; offset += 256 * KiB) {
      outer.update(
        createHash("sha1")
          .update(bytes.subarray(offset, offset + 256 * KiB))
          .digest(),
      );
    }
    expect(whole).toBe(outer.digest("hex").toUpperCase());
  });

  it("ignores empty chunks", () => {
    const hasher = new GcidHasher(3, sha1);
    hasher.update(new Uint8Array(0));
    hasher.update(new Uint8Array([0x61, 0x62, 0x63]));
    hasher.update(new Uint8Array(0));
    expect(hasher.digest()).toBe("0D3CED9BEC10A777AEC23CCC353A8C08A633045E");
  });
});

describe("GcidHasher size checks", () => {
  function errorOf(action: () => unknown): unknown {
    try {
      action();
    } catch (error) {
      return error;
    }
    throw new Error("expected the action to throw");
  }
  const sizeMismatch = { name: "NimbusError", error: "file_size_mismatch" };

  it("rejects fewer bytes than announced at digest()", () => {
    const hasher = new GcidHasher(4, sha1);
    hasher.update(new Uint8Array(3));
    expect(errorOf(() => hasher.digest())).toMatchObject(sizeMismatch);
  });

  it("rejects more bytes than announced as soon as they arrive", () => {
    const hasher = new GcidHasher(2, sha1);
    hasher.update(new Uint8Array(2));
    expect(errorOf(() => hasher.update(new Uint8Array(1)))).toMatchObject(sizeMismatch);
  });

  it("rejects a negative or fractional size", () => {
    expect(() => new GcidHasher(-1, sha1)).toThrowError(/non-negative integer/);
    expect(() => new GcidHasher(1.5, sha1)).toThrowError(/non-negative integer/);
  });

  it("cannot be reused after digest()", () => {
    const hasher = new GcidHasher(0, sha1);
    hasher.digest();
    expect(() => hasher.digest()).toThrowError(/after digest/);
  });
});

describe("isGcid and toHex", () => {
  it("accepts only 40 uppercase hex digits", () => {
    expect(isGcid("DA39A3EE5E6B4B0D3255BFEF95601890AFD80709")).toBe(true);
    expect(isGcid("da39a3ee5e6b4b0d3255bfef95601890afd80709")).toBe(false);
    expect(isGcid("DA39A3EE5E6B4B0D3255BFEF95601890AFD8070")).toBe(false);
    expect(isGcid("../DA39A3EE5E6B4B0D3255BFEF95601890AFD80")).toBe(false);
    expect(isGcid(`${"A".repeat(40)}\n`)).toBe(false);
    expect(isGcid(undefined)).toBe(false);
  });

  it("spells bytes as uppercase hex", () => {
    expect(toHex(new Uint8Array([0, 1, 0xab, 0xff]))).toBe("0001ABFF");
  });
});
