import { describe, expect, it } from "vitest";
import { presentationOf } from "./inline-policy.js";

describe("inline policy", () => {
  it.each([
    ["text/plain", "inline", "text/plain; charset=utf-8"],
    ["text/markdown", "inline", "text/plain; charset=utf-8"],
    ["application/json", "inline", "text/plain; charset=utf-8"],
    ["application/pdf", "inline", "application/pdf"],
    ["image/jpeg", "inline", "image/jpeg"],
    ["audio/flac", "inline", "audio/flac"],
    ["video/webm", "inline", "video/webm"],
    ["application/zip", "attachment", "application/zip"],
    ["text/html", "attachment", "application/octet-stream"],
    ["image/svg+xml", "attachment", "application/octet-stream"],
    ["application/xml", "attachment", "application/octet-stream"],
    ["application/atom+xml", "attachment", "application/octet-stream"],
    ["text/javascript", "attachment", "application/octet-stream"],
    ["", "attachment", "application/octet-stream"],
  ])("%s asked inline → %s as %s", (type, disposition, contentType) => {
    expect(presentationOf(type, true)).toEqual({ disposition, contentType });
  });

  it("is an attachment unless asked, keeping the real type of safe files", () => {
    expect(presentationOf("image/png", false)).toEqual({
      disposition: "attachment",
      contentType: "image/png",
    });
    expect(presentationOf("text/plain", false)).toEqual({
      disposition: "attachment",
      contentType: "text/plain",
    });
  });
});
