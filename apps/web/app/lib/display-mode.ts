import { type CookieJar, readCookieValue, withCookieDefaults } from "./cookies.js";
import { isRecord, type KeyValueStorage, readJson } from "./platform.js";

/** View types (spec §3). */
export const VIEW_TYPES = ["list", "grid", "single", "flow"] as const;
export type ViewType = (typeof VIEW_TYPES)[number];
/** The view types a display mode is saved with; any other is saved as grid (spec §3, §4). */
export const SAVED_VIEW_TYPES = ["list", "grid"] as const satisfies readonly ViewType[];
export type SavedViewType = (typeof SAVED_VIEW_TYPES)[number];
export const DEFAULT_VIEW_TYPE: SavedViewType = "grid";

/**
 * The numbered sort orders (spec §3). The spec gives codes 3, 5, 6, 7, 8; the two
 * name orders have names only, and 1 and 2 are this client's choice. Stored records
 * keep the key name, never the number.
 */
export const ORDER_TYPE = {
  NAME_ASC: 1,
  NAME_DESC: 2,
  TYPE_DESC: 3,
  MODIFY_TIME_ASC: 5,
  MODIFY_TIME_DESC: 6,
  SIZE_ASC: 7,
  SIZE_DESC: 8,
} as const;
export type OrderTypeName = keyof typeof ORDER_TYPE;
export type OrderType = (typeof ORDER_TYPE)[OrderTypeName];

/** The named sort orders (spec §3), as in the `order` query parameter. */
export const SORT_ORDERS = ["name_asc", "name_desc", "mod_asc", "mod_desc", "size_asc", "size_desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Both sets mapped onto each other; TYPE_DESC has no named twin. */
export const ORDER_TYPE_TO_SORT_ORDER: Readonly<Partial<Record<OrderType, SortOrder>>> = {
  [ORDER_TYPE.NAME_ASC]: "name_asc",
  [ORDER_TYPE.NAME_DESC]: "name_desc",
  [ORDER_TYPE.MODIFY_TIME_ASC]: "mod_asc",
  [ORDER_TYPE.MODIFY_TIME_DESC]: "mod_desc",
  [ORDER_TYPE.SIZE_ASC]: "size_asc",
  [ORDER_TYPE.SIZE_DESC]: "size_desc",
};
export const SORT_ORDER_TO_ORDER_TYPE: Readonly<Record<SortOrder, OrderType>> = {
  name_asc: ORDER_TYPE.NAME_ASC,
  name_desc: ORDER_TYPE.NAME_DESC,
  mod_asc: ORDER_TYPE.MODIFY_TIME_ASC,
  mod_desc: ORDER_TYPE.MODIFY_TIME_DESC,
  size_asc: ORDER_TYPE.SIZE_ASC,
  size_desc: ORDER_TYPE.SIZE_DESC,
};

export function isViewType(value: unknown): value is ViewType {
  return typeof value === "string" && (VIEW_TYPES as readonly string[]).includes(value);
}

export function isSortOrder(value: unknown): value is SortOrder {
  return typeof value === "string" && (SORT_ORDERS as readonly string[]).includes(value);
}

export function orderTypeName(orderType: OrderType): OrderTypeName {
  return (Object.keys(ORDER_TYPE) as OrderTypeName[]).find(
    (name) => ORDER_TYPE[name] === orderType,
  ) as OrderTypeName;
}

export function orderTypeFromName(name: unknown): OrderType | undefined {
  return typeof name === "string" && Object.hasOwn(ORDER_TYPE, name)
    ? ORDER_TYPE[name as OrderTypeName]
    : undefined;
}

/** The display mode record (spec §3). */
export interface DisplayMode {
  orderType: OrderType;
  pinFoldersTop: boolean;
  orderSettingGlobal: boolean;
  viewType: ViewType;
  viewSettingGlobal: boolean;
}

/** The shared-view default: the same fields without the two global flags. */
export type SharedDisplayMode = Pick<DisplayMode, "orderType" | "pinFoldersTop" | "viewType">;

export const DEFAULT_DISPLAY_MODE: Readonly<DisplayMode> = {
  orderType: ORDER_TYPE.MODIFY_TIME_DESC,
  pinFoldersTop: true,
  orderSettingGlobal: true,
  viewType: DEFAULT_VIEW_TYPE,
  viewSettingGlobal: true,
};
export const DEFAULT_SHARED_DISPLAY_MODE: Readonly<SharedDisplayMode> = {
  orderType: ORDER_TYPE.MODIFY_TIME_DESC,
  pinFoldersTop: true,
  viewType: DEFAULT_VIEW_TYPE,
};

export const GLOBAL_DISPLAY_MODE_KEY = "pp_global_display_mode";
export const SHARED_DISPLAY_MODE_KEY = "pp_shared_display_mode";
const USER_DISPLAY_MODE_PREFIX = "pp_display_mode_";
export const SSR_VIEW_TYPE_COOKIE = "pp_ssr_view_type";
/** Lax, so the server sees it on a navigation from another site too; lifetime 365 days. */
export const SSR_VIEW_TYPE_COOKIE_OPTIONS = withCookieDefaults({
  maxAge: 365 * 24 * 60 * 60,
  sameSite: "lax",
});

export function userDisplayModeKey(userId: string): string {
  return `${USER_DISPLAY_MODE_PREFIX}${userId}`;
}

/** The view type a display mode is saved with: list or grid, anything else grid. */
export function savedViewType(viewType: unknown): SavedViewType {
  return (SAVED_VIEW_TYPES as readonly unknown[]).includes(viewType)
    ? (viewType as SavedViewType)
    : DEFAULT_VIEW_TYPE;
}

type Stored<T> = Omit<T, "orderType"> & { orderType: OrderTypeName };

function toStored<T extends SharedDisplayMode>(mode: T): Stored<T> {
  return { ...mode, orderType: orderTypeName(mode.orderType), viewType: savedViewType(mode.viewType) };
}

function boolean(value: unknown, fallback: boolean): boolean {
  return typeof value === "boolean" ? value : fallback;
}

/** A stored record read field by field: what is missing or wrong takes the default. */
export function parseDisplayMode(value: unknown): DisplayMode {
  const record = isRecord(value) ? value : {};
  return {
    orderType: orderTypeFromName(record.orderType) ?? DEFAULT_DISPLAY_MODE.orderType,
    pinFoldersTop: boolean(record.pinFoldersTop, DEFAULT_DISPLAY_MODE.pinFoldersTop),
    orderSettingGlobal: boolean(record.orderSettingGlobal, DEFAULT_DISPLAY_MODE.orderSettingGlobal),
    viewType: savedViewType(record.viewType),
    viewSettingGlobal: boolean(record.viewSettingGlobal, DEFAULT_DISPLAY_MODE.viewSettingGlobal),
  };
}

export function parseSharedDisplayMode(value: unknown): SharedDisplayMode {
  const { orderType, pinFoldersTop, viewType } = parseDisplayMode(value);
  return { orderType, pinFoldersTop, viewType };
}

/**
 * The saved display mode: the user's own record, else this device's global record
 * (the last one saved by anyone), else the defaults.
 */
export function loadDisplayMode(storage: KeyValueStorage, userId?: string): DisplayMode {
  const own = userId ? readJson(storage, userDisplayModeKey(userId)) : undefined;
  return parseDisplayMode(own ?? readJson(storage, GLOBAL_DISPLAY_MODE_KEY));
}

/** Mirrors the view type to the cookie the server renders from. */
export function writeViewTypeCookie(jar: CookieJar, viewType: ViewType): void {
  jar.set(SSR_VIEW_TYPE_COOKIE, savedViewType(viewType), SSR_VIEW_TYPE_COOKIE_OPTIONS);
}

/** Saves under the user's key (when signed in) and the global key, and mirrors the cookie. */
export function saveDisplayMode(
  storage: KeyValueStorage,
  jar: CookieJar,
  mode: DisplayMode,
  userId?: string,
): DisplayMode {
  const stored = JSON.stringify(toStored(mode));
  if (userId) storage.setItem(userDisplayModeKey(userId), stored);
  storage.setItem(GLOBAL_DISPLAY_MODE_KEY, stored);
  writeViewTypeCookie(jar, mode.viewType);
  return parseDisplayMode(JSON.parse(stored));
}

/** At start: read the saved mode and put its view type in the cookie. */
export function initDisplayMode(storage: KeyValueStorage, jar: CookieJar, userId?: string): DisplayMode {
  const mode = loadDisplayMode(storage, userId);
  writeViewTypeCookie(jar, mode.viewType);
  return mode;
}

export function loadSharedDisplayMode(storage: KeyValueStorage): SharedDisplayMode {
  return parseSharedDisplayMode(readJson(storage, SHARED_DISPLAY_MODE_KEY));
}

export function saveSharedDisplayMode(storage: KeyValueStorage, mode: SharedDisplayMode): SharedDisplayMode {
  const { orderType, pinFoldersTop, viewType } = mode;
  const stored = toStored({ orderType, pinFoldersTop, viewType });
  storage.setItem(SHARED_DISPLAY_MODE_KEY, JSON.stringify(stored));
  return parseSharedDisplayMode(stored);
}

/** The view type the server renders: the cookie's, else grid. */
export function viewTypeFromCookieHeader(header: string | null | undefined): SavedViewType {
  return savedViewType(readCookieValue(header, SSR_VIEW_TYPE_COOKIE));
}

/** A page's `view` and `order` query parameters over a mode; unknown values are ignored. */
export function applyDisplayQuery<T extends SharedDisplayMode>(mode: T, search: string | URLSearchParams): T {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const view = params.get("view");
  const order = params.get("order");
  return {
    ...mode,
    ...(isViewType(view) ? { viewType: view } : {}),
    ...(isSortOrder(order) ? { orderType: SORT_ORDER_TO_ORDER_TYPE[order] } : {}),
  };
}
