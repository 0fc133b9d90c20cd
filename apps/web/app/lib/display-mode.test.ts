import { describe, expect, it } from "vitest";
import { memoryCookieJar } from "./cookies.js";
import {
  applyDisplayQuery,
  DEFAULT_DISPLAY_MODE,
  DEFAULT_SHARED_DISPLAY_MODE,
  type DisplayMode,
  GLOBAL_DISPLAY_MODE_KEY,
  initDisplayMode,
  loadDisplayMode,
  loadSharedDisplayMode,
  ORDER_TYPE,
  ORDER_TYPE_TO_SORT_ORDER,
  orderTypeFromName,
  orderTypeName,
  parseDisplayMode,
  SHARED_DISPLAY_MODE_KEY,
  SORT_ORDER_TO_ORDER_TYPE,
  SORT_ORDERS,
  SSR_VIEW_TYPE_COOKIE,
  saveDisplayMode,
  saveSharedDisplayMode,
  userDisplayModeKey,
  VIEW_TYPES,
  viewTypeFromCookieHeader,
} from "./display-mode.js";
import { memoryStorage } from "./platform.js";

const listByName: DisplayMode = {
  orderType: ORDER_TYPE.NAME_ASC,
  pinFoldersTop: false,
  orderSettingGlobal: false,
  viewType: "list",
  viewSettingGlobal: false,
};

describe("sort orders (spec §3)", () => {
  it("numbers type desc 3, modify time asc 5 and desc 6, size asc 7 and desc 8", () => {
    expect(ORDER_TYPE).toMatchObject({
      TYPE_DESC: 3,
      MODIFY_TIME_ASC: 5,
      MODIFY_TIME_DESC: 6,
      SIZE_ASC: 7,
      SIZE_DESC: 8,
    });
    expect(Object.keys(ORDER_TYPE)).toContain("NAME_ASC");
    expect(Object.keys(ORDER_TYPE)).toContain("NAME_DESC");
    expect(new Set(Object.values(ORDER_TYPE)).size).toBe(7);
  });

  it("maps the numbered set onto the named set and back", () => {
    expect(SORT_ORDERS).toEqual(["name_asc", "name_desc", "mod_asc", "mod_desc", "size_asc", "size_desc"]);
    expect(ORDER_TYPE_TO_SORT_ORDER[ORDER_TYPE.MODIFY_TIME_DESC]).toBe("mod_desc");
    expect(ORDER_TYPE_TO_SORT_ORDER[ORDER_TYPE.SIZE_ASC]).toBe("size_asc");
    expect(ORDER_TYPE_TO_SORT_ORDER[ORDER_TYPE.TYPE_DESC]).toBeUndefined();
    for (const order of SORT_ORDERS) {
      expect(ORDER_TYPE_TO_SORT_ORDER[SORT_ORDER_TO_ORDER_TYPE[order]]).toBe(order);
    }
  });

  it("converts order types to key names and back", () => {
    expect(orderTypeName(6)).toBe("MODIFY_TIME_DESC");
    expect(orderTypeFromName("SIZE_DESC")).toBe(8);
    expect(orderTypeFromName("toString")).toBeUndefined();
    expect(orderTypeFromName(6)).toBeUndefined();
  });
});

describe("display mode (spec §3, §4, §9)", () => {
  it("defaults to modified time descending, folders on top, grid, both settings global", () => {
    expect(VIEW_TYPES).toEqual(["list", "grid", "single", "flow"]);
    expect(DEFAULT_DISPLAY_MODE).toEqual({
      orderType: ORDER_TYPE.MODIFY_TIME_DESC,
      pinFoldersTop: true,
      orderSettingGlobal: true,
      viewType: "grid",
      viewSettingGlobal: true,
    });
    expect(loadDisplayMode(memoryStorage(), "u1")).toEqual(DEFAULT_DISPLAY_MODE);
  });

  it("saves per user and under the global key, with the order type by key name", () => {
    const storage = memoryStorage();
    const jar = memoryCookieJar();
    saveDisplayMode(storage, jar, listByName, "u1");
    const expected = { ...listByName, orderType: "NAME_ASC" };
    expect(JSON.parse(storage.getItem(userDisplayModeKey("u1")) ?? "")).toEqual(expected);
    expect(JSON.parse(storage.getItem(GLOBAL_DISPLAY_MODE_KEY) ?? "")).toEqual(expected);
    expect(GLOBAL_DISPLAY_MODE_KEY).toBe("pp_global_display_mode");
    expect(loadDisplayMode(storage, "u1")).toEqual(listByName);
  });

  it("mirrors the view type to the pp_ssr_view_type cookie", () => {
    const jar = memoryCookieJar();
    saveDisplayMode(memoryStorage(), jar, listByName);
    expect(SSR_VIEW_TYPE_COOKIE).toBe("pp_ssr_view_type");
    expect(jar.get("pp_ssr_view_type")).toBe("list");
    expect(viewTypeFromCookieHeader("a=1; pp_ssr_view_type=list")).toBe("list");
    expect(viewTypeFromCookieHeader("pp_ssr_view_type=flow")).toBe("grid");
    expect(viewTypeFromCookieHeader(null)).toBe("grid");
  });

  it("saves an unsupported view type as grid", () => {
    const storage = memoryStorage();
    const jar = memoryCookieJar();
    for (const viewType of ["single", "flow", "tiles"]) {
      const saved = saveDisplayMode(storage, jar, { ...listByName, viewType: viewType as "single" }, "u1");
      expect(saved.viewType).toBe("grid");
      expect(JSON.parse(storage.getItem(userDisplayModeKey("u1")) ?? "").viewType).toBe("grid");
      expect(jar.get(SSR_VIEW_TYPE_COOKIE)).toBe("grid");
    }
  });

  it("keeps users apart, and falls back to the global record for a user without one", () => {
    const storage = memoryStorage();
    const jar = memoryCookieJar();
    saveDisplayMode(storage, jar, listByName, "u1");
    saveDisplayMode(storage, jar, { ...listByName, orderType: ORDER_TYPE.SIZE_DESC }, "u2");
    expect(loadDisplayMode(storage, "u1").orderType).toBe(ORDER_TYPE.NAME_ASC);
    expect(loadDisplayMode(storage, "u2").orderType).toBe(ORDER_TYPE.SIZE_DESC);
    expect(loadDisplayMode(storage, "u3").orderType).toBe(ORDER_TYPE.SIZE_DESC);
    expect(loadDisplayMode(storage).orderType).toBe(ORDER_TYPE.SIZE_DESC);
  });

  it("reads the saved mode at start and puts it in the cookie", () => {
    const storage = memoryStorage({
      [userDisplayModeKey("u1")]: JSON.stringify({ ...listByName, orderType: "NAME_ASC" }),
    });
    const jar = memoryCookieJar();
    expect(initDisplayMode(storage, jar, "u1")).toEqual(listByName);
    expect(jar.get(SSR_VIEW_TYPE_COOKIE)).toBe("list");
    const fresh = memoryCookieJar();
    initDisplayMode(memoryStorage(), fresh);
    expect(fresh.get(SSR_VIEW_TYPE_COOKIE)).toBe("grid");
  });

  it("restores field by field, taking the default for a missing or wrong field", () => {
    expect(parseDisplayMode({ orderType: 6, pinFoldersTop: "no", viewType: "list" })).toEqual({
      ...DEFAULT_DISPLAY_MODE,
      viewType: "list",
    });
    expect(parseDisplayMode({ orderType: "SIZE_ASC", viewSettingGlobal: false })).toEqual({
      ...DEFAULT_DISPLAY_MODE,
      orderType: ORDER_TYPE.SIZE_ASC,
      viewSettingGlobal: false,
    });
    expect(loadDisplayMode(memoryStorage({ [GLOBAL_DISPLAY_MODE_KEY]: "{broken" }))).toEqual(
      DEFAULT_DISPLAY_MODE,
    );
  });
});

describe("shared-view display mode", () => {
  it("has the same fields without the two global flags", () => {
    expect(DEFAULT_SHARED_DISPLAY_MODE).toEqual({
      orderType: ORDER_TYPE.MODIFY_TIME_DESC,
      pinFoldersTop: true,
      viewType: "grid",
    });
    expect(loadSharedDisplayMode(memoryStorage())).toEqual(DEFAULT_SHARED_DISPLAY_MODE);
  });

  it("is saved under pp_shared_display_mode", () => {
    const storage = memoryStorage();
    const saved = saveSharedDisplayMode(storage, {
      orderType: ORDER_TYPE.SIZE_DESC,
      pinFoldersTop: false,
      viewType: "flow",
    });
    expect(SHARED_DISPLAY_MODE_KEY).toBe("pp_shared_display_mode");
    expect(JSON.parse(storage.getItem(SHARED_DISPLAY_MODE_KEY) ?? "")).toEqual({
      orderType: "SIZE_DESC",
      pinFoldersTop: false,
      viewType: "grid",
    });
    expect(saved).toEqual({ orderType: ORDER_TYPE.SIZE_DESC, pinFoldersTop: false, viewType: "grid" });
    expect(loadSharedDisplayMode(storage)).toEqual(saved);
  });
});

describe("applyDisplayQuery", () => {
  it("takes view and order from the query, ignoring unknown values", () => {
    expect(applyDisplayQuery(DEFAULT_DISPLAY_MODE, "?view=flow&order=size_asc")).toEqual({
      ...DEFAULT_DISPLAY_MODE,
      viewType: "flow",
      orderType: ORDER_TYPE.SIZE_ASC,
    });
    expect(applyDisplayQuery(DEFAULT_SHARED_DISPLAY_MODE, "?view=tiles&order=SIZE_ASC")).toEqual(
      DEFAULT_SHARED_DISPLAY_MODE,
    );
  });
});
