import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashOpaqueToken, newOpaqueToken } from "./opaque-token.js";

describe("opaque tokens", () => {
  it("are 256 random bits in base64url, after an optional prefix", () => {
    expect(newOpaqueToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newOpaqueToken("at")).toMatch(/^at\.[A-Za-z0-9_-]{43}$/);
    expect(newOpaqueToken("at")).not.toBe(newOpaqueToken("at"));
  });

  it("are stored as their SHA-256 in hex", () => {
    expect(hashOpaqueToken("at.x")).toBe(createHash("sha256").update("at.x").digest("hex"));
    expect(hashOpaqueToken("at.x")).toMatch(/^[0-9a-f]{64}$/);
  });
});
