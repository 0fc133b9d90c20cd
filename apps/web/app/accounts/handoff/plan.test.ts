import { describe, expect, it } from "vitest";
import { parseHexPort } from "./desktop.js";
import { planHandoff, withoutHandoffParams } from "./plan.js";

describe("planHandoff", () => {
  it("recognizes each hand-off of spec §4", () => {
    expect(planHandoff("?bridge_auth=1")).toEqual({ kind: "bridge" });
    expect(planHandoff("?bridge_auth=1&scope=user")).toEqual({ kind: "bridge", scope: "user" });
    expect(planHandoff("?from_source=pp_browser_extension")).toEqual({ kind: "extension" });
    expect(planHandoff("?from_source=pc_client&port=1f90")).toEqual({ kind: "desktop", port: 8080 });
    expect(planHandoff("?code=abc")).toEqual({ kind: "code", code: "abc" });
    expect(planHandoff("?code=abc&scope=user%20pan")).toEqual({
      kind: "code",
      code: "abc",
      scope: "user pan",
    });
  });

  it("leaves a code with a state, a desktop source without a usable port, and plain pages alone", () => {
    expect(planHandoff("?code=abc&state=xyz")).toEqual({ kind: "none" });
    expect(planHandoff("?from_source=pc_client&port=zz")).toEqual({ kind: "none" });
    expect(planHandoff("?from_source=pc_client")).toEqual({ kind: "none" });
    expect(planHandoff("")).toEqual({ kind: "none" });
  });

  it("strips the hand-off parameters and keeps the rest", () => {
    expect(withoutHandoffParams("?code=a&scope=user&locale=ja")).toBe("?locale=ja");
    expect(withoutHandoffParams("?from_source=pc_client&port=1f90")).toBe("");
  });
});

describe("parseHexPort", () => {
  it("reads hex, with or without 0x, and refuses privileged or malformed ports", () => {
    expect(parseHexPort("c350")).toBe(50000);
    expect(parseHexPort("0xC350")).toBe(50000);
    expect(parseHexPort("50")).toBeUndefined(); // 80: privileged
    expect(parseHexPort("12345")).toBeUndefined();
    expect(parseHexPort("g1")).toBeUndefined();
    expect(parseHexPort(null)).toBeUndefined();
  });
});
