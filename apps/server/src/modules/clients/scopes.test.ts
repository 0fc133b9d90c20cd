import { describe, expect, it } from "vitest";
import { grantScopes, hasScope, parseScopes } from "./scopes.js";

describe("scopes", () => {
  it("parses space-separated scopes in canonical order, dropping repeats", () => {
    expect(parseScopes(" offline  user user ")).toEqual(["user", "offline"]);
  });
  it("answers invalid_scope for unknown scopes or scopes outside what is allowed", () => {
    expect(() => parseScopes("user admin")).toThrow(expect.objectContaining({ error: "invalid_scope" }));
    expect(() => grantScopes("pan", ["user"])).toThrow(expect.objectContaining({ error: "invalid_scope" }));
  });
  it("grants what is asked within what is allowed, or everything allowed when nothing is asked", () => {
    expect(grantScopes("pan user", ["user", "pan", "offline"])).toBe("user pan");
    expect(grantScopes(undefined, ["user", "offline"])).toBe("user offline");
    expect(grantScopes("  ", ["user"])).toBe("user");
    expect(hasScope("user pan", "pan")).toBe(true);
    expect(hasScope("user pan", "offline")).toBe(false);
  });
});
