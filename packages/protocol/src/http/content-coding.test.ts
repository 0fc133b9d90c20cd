import { describe, expect, it } from "vitest";
import { preferredContentCoding } from "./content-coding.js";

describe("preferredContentCoding", () => {
  it("prefers brotli when both are accepted alike", () => {
    expect(preferredContentCoding("gzip, deflate, br, zstd")).toBe("br");
  });

  it("follows the client's weights", () => {
    expect(preferredContentCoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(preferredContentCoding("gzip;q=0, br;q=0")).toBeUndefined();
  });

  it("reads * as every coding not named", () => {
    expect(preferredContentCoding("*")).toBe("br");
    expect(preferredContentCoding("br;q=0, *")).toBe("gzip");
  });

  it("answers none without a header or for identity only", () => {
    expect(preferredContentCoding(undefined)).toBeUndefined();
    expect(preferredContentCoding("")).toBeUndefined();
    expect(preferredContentCoding("identity")).toBeUndefined();
    expect(preferredContentCoding("gzip;q=bogus")).toBeUndefined();
  });
});
