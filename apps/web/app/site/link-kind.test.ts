import { describe, expect, it } from "vitest";
import { classifyLink, saveToDriveHref } from "./link-kind.js";

describe("classifyLink", () => {
  it("reads http(s) links and their file name", () => {
    expect(classifyLink(" https://example.org/files/My%20Movie.mp4?x=1 ")).toEqual({
      kind: "http",
      url: "https://example.org/files/My%20Movie.mp4?x=1",
      host: "example.org",
      name: "My Movie.mp4",
    });
    expect(classifyLink("http://example.org/")).toMatchObject({ kind: "http", name: undefined });
  });
  it("reads magnet links", () => {
    const info = classifyLink(
      "magnet:?xt=urn:btih:c9e15763f722f23e98a29decdfae341b98d53056&dn=Cosmos+Laundromat",
    );
    expect(info).toMatchObject({
      kind: "magnet",
      hash: "C9E15763F722F23E98A29DECDFAE341B98D53056",
      name: "Cosmos Laundromat",
    });
    expect(classifyLink("magnet:")).toEqual({ kind: "invalid" });
  });
  it("reads ed2k links", () => {
    expect(
      classifyLink("ed2k://|file|Ubuntu%20ISO.iso|3654957056|AB12CD34AB12CD34AB12CD34AB12CD34|/"),
    ).toMatchObject({
      kind: "ed2k",
      name: "Ubuntu ISO.iso",
      size: 3654957056,
    });
    expect(classifyLink("ed2k://|server|1.2.3.4|4661|/")).toEqual({ kind: "invalid" });
  });
  it("unwraps thunder links", () => {
    const inner = "https://example.org/a.zip";
    const thunder = `thunder://${btoa(`AA${inner}ZZ`)}`;
    expect(classifyLink(thunder)).toMatchObject({ kind: "thunder", target: { kind: "http", name: "a.zip" } });
    expect(classifyLink("thunder://not-base64!")).toMatchObject({ kind: "thunder", target: undefined });
  });
  it("rejects anything else", () => {
    expect(classifyLink("")).toEqual({ kind: "invalid" });
    expect(classifyLink("ftp://example.org/a")).toEqual({ kind: "invalid" });
    expect(classifyLink("just words")).toEqual({ kind: "invalid" });
  });
  it("builds the drive's create_task link", () => {
    expect(saveToDriveHref("magnet:?xt=urn:btih:AB&dn=a b")).toBe(
      "/drive/all?action=create_task&url=magnet%3A%3Fxt%3Durn%3Abtih%3AAB%26dn%3Da+b",
    );
  });
});
