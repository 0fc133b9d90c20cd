import { describe, expect, it } from "vitest";
import type { ApiFetch } from "../lib/load-context.js";
import { loadLinkPreview } from "./link-preview.server.js";

function answering(body: unknown, status = 200): ApiFetch {
  return async () => new Response(JSON.stringify(body), { status });
}

describe("link preview of a share", () => {
  it("tells the title and count of a public share", async () => {
    const preview = await loadLinkPreview(
      "S1",
      "en",
      answering({ share_status: "OK", title: "Holiday", file_num: "3" }),
    );
    expect(preview).toEqual({ title: "Holiday", fileCount: 3, unknown: false });
  });

  it("tells nothing of a protected, gone or unreachable share, or without an API", async () => {
    const nothing = { title: "", fileCount: -1, unknown: false };
    const protectedShare = answering({ share_status: "PASS_CODE_EMPTY", title: "Secret", file_num: "2" });
    expect(await loadLinkPreview("S1", "en", protectedShare)).toEqual(nothing);
    expect(await loadLinkPreview("S1", "en", answering({}, 500))).toEqual(nothing);
    const down: ApiFetch = async () => {
      throw new Error("refused");
    };
    expect(await loadLinkPreview("S1", "en", down)).toEqual(nothing);
    expect(await loadLinkPreview("S1", "en", undefined)).toEqual(nothing);
  });

  it("says when no such share exists, so the page answers 404", async () => {
    const unknown = answering({ share_status: "NOT_FOUND", title: "", file_num: "0" });
    expect(await loadLinkPreview("S1", "en", unknown)).toEqual({ title: "", fileCount: -1, unknown: true });
  });
});
