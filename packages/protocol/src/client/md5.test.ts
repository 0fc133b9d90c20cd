import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { md5Digest, md5Hex } from "./md5.js";

const nodeMd5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex");

describe("md5", () => {
  it("matches the RFC 1321 test suite", () => {
    expect(md5Hex("")).toBe("d41d8cd98f00b204e9800998ecf8427e");
    expect(md5Hex("a")).toBe("0cc175b9c0f1b6a831c399e269772661");
    expect(md5Hex("abc")).toBe("900150983cd24fb0d6963f7d28e17f72");
    expect(md5Hex("message digest")).toBe("f96b697d7cb7938d525a2f31aaf161d0");
    expect(md5Hex("abcdefghijklmnopqrstuvwxyz")).toBe("c3fcd3d76192e4007dfb496cca67e13b");
    expect(md5Hex("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")).toBe(
      "d174ab98d277d9f5a5611c2c9f419d9f",
    );
    expect(md5Hex("1234567890".repeat(8))).toBe("57edf4a22be3c955ac49da2e2107b67a");
  });

  it("agrees with node:crypto around every padding boundary and across blocks", () => {
    for (const length of [1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 1000]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + length) % 256);
      expect(md5Hex(bytes), `length ${length}`).toBe(nodeMd5(bytes));
    }
  });

  it("hashes strings as UTF-8 and returns 16 bytes", () => {
    expect(md5Hex("云盘 ☁️")).toBe(nodeMd5(new TextEncoder().encode("云盘 ☁️")));
    expect(md5Digest(new Uint8Array())).toHaveLength(16);
  });
});
