import { afterEach, describe, expect, it, vi } from "vitest";
import { loadFirstPage } from "../drive/files/first-page.server.js";
import { loader as shareLoader } from "./share.js";

const LIST = { kind: "drive#fileList", files: [], next_page_token: "" };

/** A page request whose Host names a server the attacker chose. */
function fromAttacker(path: string) {
  return new Request(`http://attacker.test${path}`, {
    headers: { cookie: "nimbus_session=victim", host: "attacker.test" },
  });
}

describe("server-rendering loaders reach the API in-process, never the host a request names", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it("the drive list's first page goes to the load context's API with the cookie", async () => {
    vi.stubEnv("PORT", "");
    const network = vi.fn(async () => Response.json(LIST));
    vi.stubGlobal("fetch", network);
    const api = vi.fn(async () => Response.json(LIST));
    await loadFirstPage(fromAttacker("/drive/all"), api as never);
    expect(network).not.toHaveBeenCalled();
    const [path, init] = api.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toMatch(/^\/drive\/v1\/files\?/);
    expect((init.headers as Record<string, string>).cookie).toBe("nimbus_session=victim");
  });

  it("the share page's link preview goes to the load context's API", async () => {
    vi.stubEnv("PORT", "");
    const network = vi.fn(async () => Response.json({}));
    vi.stubGlobal("fetch", network);
    const apiFetch = vi.fn(async () => Response.json({ share_status: "OK", title: "T", file_num: 1 }));
    const preview = await shareLoader({
      request: fromAttacker("/s/S1"),
      params: { shareId: "S1" },
      context: { apiFetch, cspNonce: "" },
    } as never);
    expect(network).not.toHaveBeenCalled();
    // The link preview and the visitor's first visit, both in-process.
    for (const [path] of apiFetch.mock.calls as unknown as [string][])
      expect(path).toMatch(/^\/drive\/v1\/share\?share_id=S1/);
    expect((preview as unknown as { data: object }).data).toMatchObject({
      title: "T",
      fileCount: 1,
      unknown: false,
    });
  });
});
