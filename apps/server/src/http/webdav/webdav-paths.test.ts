import { describe, expect, it } from "vitest";
import { davHref, davSegments, destinationSegments } from "./dav-paths.js";

describe("WebDAV paths", () => {
  it("decodes names and drops empty segments", () => {
    expect(davSegments("/dav")).toEqual([]);
    expect(davSegments("/dav/")).toEqual([]);
    expect(davSegments("/dav/Movies%20%26%20Shows//a%20film.txt?x=1")).toEqual([
      "Movies & Shows",
      "a film.txt",
    ]);
    expect(davSegments("/dav/%E6%97%A5%E6%9C%AC")).toEqual(["日本"]);
  });

  it("refuses dot segments, encoded slashes and broken percent-encoding", () => {
    for (const url of ["/dav/..", "/dav/a/%2e%2e/b", "/dav/./a", "/dav/a%2Fb", "/dav/%E6%97"]) {
      expect(() => davSegments(url), url).toThrow();
    }
  });

  it("encodes hrefs, with a slash after collections", () => {
    expect(davHref([], true)).toBe("/dav/");
    expect(davHref(["Movies & Shows"], true)).toBe("/dav/Movies%20%26%20Shows/");
    expect(davHref(["a", "b c.txt"], false)).toBe("/dav/a/b%20c.txt");
  });
});

describe("Destination headers", () => {
  it("takes absolute URIs on this host and absolute paths under /dav/", () => {
    expect(destinationSegments("http://drive.example/dav/a/b%20c", "drive.example")).toEqual(["a", "b c"]);
    expect(destinationSegments("https://drive.example/dav/a", "drive.example:8443")).toEqual(["a"]);
    expect(destinationSegments("/dav/a/", "drive.example")).toEqual(["a"]);
    expect(destinationSegments("http://other.example/dav/a", "drive.example")).toBe("foreign");
    expect(destinationSegments("/elsewhere/a", "drive.example")).toBeUndefined();
    expect(destinationSegments("/dav/%2e%2e/x", "drive.example")).toBeUndefined();
    expect(destinationSegments(undefined, "drive.example")).toBeUndefined();
  });
});
