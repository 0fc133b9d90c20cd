import { describe, expect, it } from "vitest";
import {
  deadPropertyXml,
  multistatus,
  parseLockInfo,
  parsePropertyUpdate,
  parsePropfind,
} from "./dav-xml.js";

describe("PROPFIND bodies", () => {
  it("reads allprop, propname and a prop list with namespaces resolved", () => {
    expect(parsePropfind("")).toEqual({ kind: "allprop" });
    expect(parsePropfind('<D:propfind xmlns:D="DAV:"><D:allprop/></D:propfind>')).toEqual({
      kind: "allprop",
    });
    expect(parsePropfind('<propfind xmlns="DAV:"><propname/></propfind>')).toEqual({ kind: "propname" });
    expect(
      parsePropfind(
        '<?xml version="1.0"?><a:propfind xmlns:a="DAV:"><a:prop><a:getetag/><b:x xmlns:b="urn:z"></b:x></a:prop></a:propfind>',
      ),
    ).toEqual({
      kind: "prop",
      props: [
        { ns: "DAV:", name: "getetag" },
        { ns: "urn:z", name: "x" },
      ],
    });
  });

  it("refuses malformed bodies, undeclared prefixes, DTDs and other roots", () => {
    for (const body of [
      '<propfind xmlns="DAV:"><prop>',
      "<D:propfind><D:prop/></D:propfind>",
      '<!DOCTYPE x [<!ENTITY e "x">]><propfind xmlns="DAV:"/>',
      '<propupdate xmlns="DAV:"/>',
      '<propfind xmlns="DAV:"><prop><bar:foo xmlns:bar=""/></prop></propfind>',
    ]) {
      expect(() => parsePropfind(body), body).toThrow();
    }
  });
});

describe("multistatus", () => {
  it("escapes hrefs and puts found and missing properties in their own propstat", () => {
    const xml = multistatus([
      {
        href: "/dav/a&b",
        found: [{ prop: { ns: "DAV:", name: "getetag" }, xml: "&quot;1&quot;" }],
        missing: [{ ns: "urn:z", name: "x" }],
      },
    ]);
    expect(xml).toContain("<D:href>/dav/a&amp;b</D:href>");
    expect(xml).toContain(
      "<D:getetag>&quot;1&quot;</D:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status>",
    );
    expect(xml).toContain('<X:x xmlns:X="urn:z"/></D:prop><D:status>HTTP/1.1 404 Not Found</D:status>');
  });
});

describe("PROPPATCH bodies", () => {
  it("reads sets and removes in order, each value as sent with its namespaces", () => {
    const changes = parsePropertyUpdate(
      '<D:propertyupdate xmlns:D="DAV:" xmlns:a="urn:a"><D:set><D:prop><a:x>1 <a:y/></a:x></D:prop></D:set>' +
        "<D:remove><D:prop><a:z/></D:prop></D:remove></D:propertyupdate>",
    );
    expect(changes).toEqual([
      {
        op: "set",
        prop: { ns: "urn:a", name: "x" },
        value: "1 <a:y/>",
        namespaces: { D: "DAV:", a: "urn:a" },
      },
      { op: "remove", prop: { ns: "urn:a", name: "z" } },
    ]);
    expect(() => parsePropertyUpdate('<D:propertyupdate xmlns:D="DAV:"/>')).toThrow();
    expect(() => parsePropertyUpdate('<D:propfind xmlns:D="DAV:"/>')).toThrow();
  });

  it("writes a dead property back as a well-formed element, also in no namespace", () => {
    expect(deadPropertyXml({ ns: "urn:a", name: "x" }, "1 <a:y/>", { a: "urn:a" })).toBe(
      '<nimbusdp:x xmlns:nimbusdp="urn:a" xmlns:a="urn:a">1 <a:y/></nimbusdp:x>',
    );
    expect(deadPropertyXml({ ns: "", name: "x" }, "v", { "": "urn:default" })).toBe('<x xmlns="">v</x>');
  });
});

describe("LOCK bodies", () => {
  it("reads the scope and keeps the owner with the namespaces it uses", () => {
    expect(parseLockInfo("")).toBeUndefined();
    const info = parseLockInfo(
      '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:" xmlns:o="urn:owner"><D:lockscope><D:shared/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner><o:who>ann</o:who><D:href>mailto:a@x</D:href></D:owner></D:lockinfo>',
    );
    expect(info).toEqual({
      scope: "shared",
      owner: '<D:owner xmlns:o="urn:owner"><o:who>ann</o:who><D:href>mailto:a@x</D:href></D:owner>',
    });
    expect(
      parseLockInfo(
        '<lockinfo xmlns="DAV:"><lockscope><exclusive/></lockscope><locktype><write/></locktype></lockinfo>',
      ),
    ).toEqual({ scope: "exclusive", owner: "" });
  });

  it("refuses what is not a write lock of a known scope", () => {
    for (const bad of [
      "<x/>",
      '<lockinfo xmlns="DAV:"><lockscope><exclusive/></lockscope></lockinfo>',
      '<lockinfo xmlns="DAV:"><lockscope><other/></lockscope><locktype><write/></locktype></lockinfo>',
      '<lockinfo xmlns="DAV:"><lockscope><exclusive/></lockscope><locktype><read/></locktype></lockinfo>',
    ]) {
      expect(() => parseLockInfo(bad), bad).toThrow();
    }
  });
});
