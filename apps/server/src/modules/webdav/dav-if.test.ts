import { describe, expect, it } from "vitest";
import { evaluateIf, type IfState, parseIf, submittedTokens } from "./dav-if.js";

const T = "opaquelocktoken:0f1e2d3c-aaaa-bbbb-cccc-000000000001";

describe("the If header", () => {
  it("parses untagged and tagged lists, Not, tokens and entity tags", () => {
    expect(parseIf(`(<${T}> ["abc"]) (Not <DAV:no-lock> [W/"x"])`)).toEqual([
      {
        conditions: [
          { not: false, token: T },
          { not: false, etag: '"abc"' },
        ],
      },
      {
        conditions: [
          { not: true, token: "DAV:no-lock" },
          { not: false, etag: 'W/"x"' },
        ],
      },
    ]);
    expect(parseIf(`<http://h/dav/a> (<${T}>) <http://h/dav/b> (["e"])`)).toEqual([
      { resource: "http://h/dav/a", conditions: [{ not: false, token: T }] },
      { resource: "http://h/dav/b", conditions: [{ not: false, etag: '"e"' }] },
    ]);
  });

  it("refuses malformed headers", () => {
    for (const bad of ["", "<http://h/a>", "(", "()", `(<${T}>`, "(foo)", `(["x")`, "x (<a>)"]) {
      expect(() => parseIf(bad), bad).toThrow();
    }
  });

  it("holds when one list holds entirely against its resource's state", async () => {
    const state: IfState = { etag: '"abc"', tokens: new Set([T]) };
    const of = async () => state;
    expect(await evaluateIf(parseIf(`(<${T}>)`), of)).toBe(true);
    expect(await evaluateIf(parseIf(`(<${T}> ["abc"])`), of)).toBe(true);
    expect(await evaluateIf(parseIf(`(<${T}> ["bad"])`), of)).toBe(false);
    expect(await evaluateIf(parseIf(`(<${T}> ["bad"]) (Not <DAV:no-lock> ["abc"])`), of)).toBe(true);
    expect(await evaluateIf(parseIf(`(<${T}> [W/"bad"]) (Not <DAV:no-lock> ["bad"])`), of)).toBe(false);
    expect(await evaluateIf(parseIf("(<opaquelocktoken:other>)"), of)).toBe(false);
    expect(await evaluateIf(parseIf(`(Not <${T}>)`), of)).toBe(false);
    // A weak tag matches its strong twin (RFC 4918 §10.4.8 uses the weak comparison).
    expect(await evaluateIf(parseIf('([W/"abc"])'), of)).toBe(true);
  });

  it("is false for a list about a resource that is not here", async () => {
    const lists = parseIf(`<http://elsewhere/x> (Not <DAV:no-lock>)`);
    expect(await evaluateIf(lists, async () => undefined)).toBe(false);
    const missing: IfState = { etag: undefined, tokens: new Set() };
    expect(await evaluateIf(parseIf('(["abc"])'), async () => missing)).toBe(false);
    expect(await evaluateIf(parseIf('(Not ["abc"])'), async () => missing)).toBe(true);
  });

  it("submits every named token but the negated ones", () => {
    expect([
      ...submittedTokens(parseIf(`(<${T}>) (Not <DAV:no-lock>) <http://h/x> (<opaquelocktoken:b>)`)),
    ]).toEqual([T, "opaquelocktoken:b"]);
  });
});
