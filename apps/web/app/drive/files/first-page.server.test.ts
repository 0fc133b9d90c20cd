import { describe, expect, it, vi } from "vitest";
import { DEFAULT_DISPLAY_MODE } from "../../lib/display-mode.js";
import { loadFirstPage } from "./first-page.server.js";
import { listRequest, requestKey } from "./list-query.js";

const LIST = { kind: "drive#fileList", files: [], next_page_token: "" };

function page(url: string, cookie?: string) {
  return new Request(url, { headers: cookie ? { cookie } : {} });
}

describe("the first page a drive route's loader fetches", () => {
  it("asks this process's API with the visitor's session cookie", async () => {
    const fetcher = vi.fn(async () => Response.json(LIST));
    const first = await loadFirstPage(
      page("https://drive.example/drive/all?parent_id=F&order=name_asc", "pp_locale=ja; nimbus_session=abc"),
      fetcher as never,
    );
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/^\/drive\/v1\/files\?parent_id=F&order=NAME_ASC/);
    expect((init.headers as Record<string, string>).cookie).toContain("nimbus_session=abc");
    const expected = listRequest(
      { kind: "folder", parentId: "F" },
      { ...DEFAULT_DISPLAY_MODE, orderType: 1 },
    );
    expect(first).toEqual({ key: requestKey(expected), list: LIST });
  });

  it("gives nothing without a session, off the drive lists, without an API, or when the call fails", async () => {
    const fetcher = vi.fn(async () => new Response("{}", { status: 401 }));
    expect(await loadFirstPage(page("http://x/drive/all"), fetcher as never)).toBeNull();
    expect(
      await loadFirstPage(page("http://x/drive/account", "nimbus_session=a"), fetcher as never),
    ).toBeNull();
    expect(await loadFirstPage(page("http://x/drive/all", "nimbus_session=a"), undefined)).toBeNull();
    expect(fetcher).not.toHaveBeenCalled();
    expect(
      await loadFirstPage(page("http://x/drive/trash", "nimbus_session=a"), fetcher as never),
    ).toBeNull();
    const broken = vi.fn(async () => {
      throw new Error("refused");
    });
    expect(
      await loadFirstPage(page("http://x/drive/recent", "nimbus_session=a"), broken as never),
    ).toBeNull();
  });
});
