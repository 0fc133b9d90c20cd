import { PASS_CODE_TOKEN_TTL_MS } from "@nimbus/protocol";
import { describe, expect, it } from "vitest";
import { PassCodeTokens } from "./pass-code-tokens.js";

const tokens = new PassCodeTokens("k".repeat(32));
const NOW = 1_700_000_000_000;

describe("PassCodeTokens", () => {
  it("accepts a token for its share and passcode until 12 hours have passed", () => {
    const token = tokens.issue("VNshare", "abcd", NOW);
    expect(tokens.verify(token, "VNshare", "abcd", NOW + PASS_CODE_TOKEN_TTL_MS - 1)).toBe(true);
    expect(tokens.verify(token, "VNshare", "abcd", NOW + PASS_CODE_TOKEN_TTL_MS)).toBe(false);
  });

  it("refuses it for another share, after a passcode change, or when forged", () => {
    const token = tokens.issue("VNshare", "abcd", NOW);
    expect(tokens.verify(token, "VNother", "abcd", NOW)).toBe(false);
    expect(tokens.verify(token, "VNshare", "efgh", NOW)).toBe(false);
    const [expires, sig] = token.split(".");
    expect(tokens.verify(`${Number(expires) + 1000}.${sig}`, "VNshare", "abcd", NOW)).toBe(false);
    expect(new PassCodeTokens("z".repeat(32)).verify(token, "VNshare", "abcd", NOW)).toBe(false);
    for (const bad of ["", ".", "x.y", `${expires}`, `${token}.extra`]) {
      expect(tokens.verify(bad, "VNshare", "abcd", NOW)).toBe(false);
    }
  });
});
