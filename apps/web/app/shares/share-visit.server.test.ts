import { describe, expect, it } from "vitest";
import type { ApiFetch } from "../lib/load-context.js";
import { loadFirstVisit } from "./share-visit.server.js";

const PERSON =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

function recording(body: unknown, status = 200) {
  const calls: { path: string; headers: Record<string, string> }[] = [];
  const api: ApiFetch = async (path, init) => {
    calls.push({ path, headers: init?.headers ?? {} });
    return new Response(JSON.stringify(body), { status });
  };
  return { api, calls };
}

const page = (url: string, headers: Record<string, string> = {}) =>
  new Request(url, { headers: { "user-agent": PERSON, ...headers } });

describe("the first visit of a share page, made while it renders", () => {
  it("visits as the visitor: their cookies, their passcode token, the locale", async () => {
    const { api, calls } = recording({ share_status: "OK", files: [] });
    const cookie = "pp_share_passcode_token_S1=tok; nimbus_session=abc";
    const first = await loadFirstVisit(page("http://x/s/S1", { cookie }), "S1", ["F1"], "ja", api);
    expect(first?.result).toEqual({ ok: true, data: { share_status: "OK", files: [] } });
    expect(first?.query).toMatchObject({ shareId: "S1", parentId: "F1", passCodeToken: "tok" });
    expect(calls[0]?.path).toMatch(
      /^\/drive\/v1\/share\/detail\?share_id=S1&.*parent_id=F1.*pass_code_token=tok/,
    );
    expect(calls[0]?.headers).toMatchObject({ cookie, "accept-language": "ja" });
  });

  it("tries `s_code` from the link when no token is kept", async () => {
    const { api, calls } = recording({ share_status: "OK", files: [] });
    await loadFirstVisit(page("http://x/s/S1?s_code=Ab12"), "S1", [], "en-US", api);
    expect(calls[0]?.path).toMatch(/^\/drive\/v1\/share\?share_id=S1&.*pass_code=Ab12/);
  });

  it("leaves a locked share's title out of the page, which does not show it", async () => {
    const { api } = recording({ share_status: "PASS_CODE_EMPTY", title: "Secret plans", files: [] });
    const first = await loadFirstVisit(page("http://x/s/S1"), "S1", [], "en-US", api);
    expect(first?.result).toEqual({
      ok: true,
      data: { share_status: "PASS_CODE_EMPTY", title: "", files: [] },
    });
  });

  it("keeps an error as the page would get it from the browser", async () => {
    const { api } = recording({ error: "captcha_required", error_description: "Verify first" }, 401);
    const first = await loadFirstVisit(page("http://x/s/S1"), "S1", [], "en-US", api);
    expect(first?.result).toEqual({
      ok: false,
      error: { error: "captcha_required", error_description: "Verify first", status: 401 },
    });
  });

  it("leaves bots, an API that does not answer and a missing API to the browser", async () => {
    const { api, calls } = recording({ share_status: "OK" });
    const bot = new Request("http://x/s/S1", { headers: { "user-agent": "Slackbot-LinkExpanding 1.0" } });
    expect(await loadFirstVisit(bot, "S1", [], "en-US", api)).toBeNull();
    expect(calls).toHaveLength(0);
    const down: ApiFetch = async () => {
      throw new Error("refused");
    };
    expect(await loadFirstVisit(page("http://x/s/S1"), "S1", [], "en-US", down)).toBeNull();
    expect(await loadFirstVisit(page("http://x/s/S1"), "S1", [], "en-US", undefined)).toBeNull();
  });
});
