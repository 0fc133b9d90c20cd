import { describe, expect, it } from "vitest";
import { internalOrigin, loadLinkPreview } from "./link-preview.server.js";

function answering(body: unknown, status = 200): typeof fetch {
  return (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;
}

describe("link preview of a share", () => {
  it("tells the title and count of a public share", async () => {
    const preview = await loadLinkPreview(
      "S1",
      "http://x",
      "en",
      answering({ share_status: "OK", title: "Holiday", file_num: "3" }),
    );
    expect(preview).toEqual({ title: "Holiday", fileCount: 3 });
  });

  it("tells nothing of a protected, gone or unreachable share", async () => {
    const protectedShare = answering({ share_status: "PASS_CODE_EMPTY", title: "Secret", file_num: "2" });
    expect(await loadLinkPreview("S1", "http://x", "en", protectedShare)).toEqual({
      title: "",
      fileCount: -1,
    });
    expect(await loadLinkPreview("S1", "http://x", "en", answering({}, 500))).toEqual({
      title: "",
      fileCount: -1,
    });
    const down = (async () => {
      throw new Error("refused");
    }) as typeof fetch;
    expect(await loadLinkPreview("S1", "http://x", "en", down)).toEqual({ title: "", fileCount: -1 });
  });

  it("asks this process over loopback", () => {
    expect(internalOrigin({ PORT: "4000" }, "https://public")).toBe("http://127.0.0.1:4000");
    expect(internalOrigin({ PORT: "4000", HOST: "::1" }, "https://public")).toBe("http://[::1]:4000");
    expect(internalOrigin({}, "https://public")).toBe("https://public");
  });
});
