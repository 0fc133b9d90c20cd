import { describe, expect, it } from "vitest";
import { memoryStorage } from "../lib/platform.js";
import {
  authEvents,
  emitAuthEvent,
  LOGIN_SCENE_KEY,
  loginSceneForPath,
  readLoginScene,
  rememberLoginScene,
  searchWithoutFromSource,
} from "./auth-events.js";

describe("login scene", () => {
  it("names the scene of a page", () => {
    expect(loginSceneForPath("/s/abc")).toBe("share_page");
    expect(loginSceneForPath("/url-checker")).toBe("url_checker");
    expect(loginSceneForPath("/ja/url-checker")).toBe("url_checker");
    expect(loginSceneForPath("/zh-CN/tv")).toBe("official_page");
    expect(loginSceneForPath("/drive/all")).toBe("official_page");
  });

  it("is remembered in local storage; anything else stored reads as none", () => {
    const storage = memoryStorage();
    rememberLoginScene(storage, "share_page");
    expect(storage.getItem(LOGIN_SCENE_KEY)).toBe("share_page");
    expect(readLoginScene(storage)).toBe("share_page");
    storage.setItem(LOGIN_SCENE_KEY, "elsewhere");
    expect(readLoginScene(storage)).toBeUndefined();
  });
});

describe("emitAuthEvent", () => {
  it("adds the login scene to sign-in events and dispatches them as analytics", () => {
    const storage = memoryStorage({ [LOGIN_SCENE_KEY]: "url_checker" });
    const dispatched: Event[] = [];
    const heard: unknown[] = [];
    const stop = authEvents.on("AFTER_LOGIN", (event) => heard.push(event.data));
    try {
      const event = emitAuthEvent(
        "AFTER_LOGIN",
        { method: "password" },
        { storage, target: { dispatchEvent: (e) => dispatched.push(e) > 0 } },
      );
      expect(event).toMatchObject({ specversion: "1.0.1", type: "AFTER_LOGIN" });
      expect(heard).toEqual([{ method: "password", login_scene: "url_checker" }]);
      expect(dispatched[0]?.type).toBe("nimbus:analytics");
      expect((dispatched[0] as CustomEvent).detail).toBe(event);
    } finally {
      stop();
    }
  });

  it("sends LOGOUT_SUCCESS without a scene", () => {
    const storage = memoryStorage({ [LOGIN_SCENE_KEY]: "share_page" });
    expect(emitAuthEvent("LOGOUT_SUCCESS", {}, { storage }).data).toEqual({});
    expect(emitAuthEvent("LOGIN_FAILED", { error: "x" }, { storage }).data).toEqual({
      error: "x",
      login_scene: "share_page",
    });
  });
});

describe("searchWithoutFromSource", () => {
  it("drops from_source and keeps the rest; untouched addresses answer undefined", () => {
    expect(searchWithoutFromSource("?from_source=pp_browser_extension&locale=ko")).toBe("?locale=ko");
    expect(searchWithoutFromSource("?from_source=pc_client")).toBe("");
    expect(searchWithoutFromSource("?locale=ko")).toBeUndefined();
  });
});
