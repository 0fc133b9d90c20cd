export interface CookieOptions {
  /** Lifetime in seconds; 0 deletes the cookie; absent makes a session cookie. */
  maxAge?: number;
  path?: string;
  domain?: string;
  sameSite?: "strict" | "lax" | "none";
  secure?: boolean;
}

/** Spec §9: cookies are sameSite strict and secure unless said otherwise. */
export const DEFAULT_COOKIE_OPTIONS = {
  path: "/",
  sameSite: "strict",
  secure: true,
} as const satisfies CookieOptions;

export function withCookieDefaults(options: CookieOptions = {}): CookieOptions {
  return { ...DEFAULT_COOKIE_OPTIONS, ...options };
}

const MINUTE_S = 60;
const DAY_S = 24 * 60 * MINUTE_S;

export const USER_ID_COOKIE = "pp_user_id";

/** The web session cookie the server sets on a web sign-in (apps/server http/plugins/web-session.ts); HttpOnly. */
export const SESSION_COOKIE = "nimbus_session";

/**
 * Whether a visitor may be signed in: the server sees the session cookie, the browser the
 * user id cookie the sign-in refresh keeps beside it. Without either the visitor is
 * anonymous, and asking the API who they are would only answer 401.
 */
export function mayBeSignedIn(cookieHeader: string | null | undefined): boolean {
  return parseCookies(cookieHeader).some(
    (cookie) => (cookie.name === SESSION_COOKIE || cookie.name === USER_ID_COOKIE) && cookie.value !== "",
  );
}
/** 365 days, secure, lax (spec §9). */
export const USER_ID_COOKIE_OPTIONS = withCookieDefaults({
  maxAge: 365 * DAY_S,
  sameSite: "lax",
  secure: true,
});

/** The visitor's chosen language (written by i18n/locale-url.ts). */
export const LOCALE_COOKIE = "pp_locale";

/**
 * 365 days (spec §2, §9). Lax, unlike the default: the server reads it to render a
 * page arriving from another site, which a strict cookie would not reach; the
 * server's own locale cookie (i18n/locale-url.ts) is lax for the same reason.
 */
export const LOCALE_COOKIE_OPTIONS = withCookieDefaults({ maxAge: 365 * DAY_S, sameSite: "lax" });

export const FREE_DAYS_COOKIE = "pp_free_days";
/** 1440 minutes per free day (spec §9). */
export function freeDaysCookieOptions(freeDays: number): CookieOptions {
  return withCookieDefaults({ maxAge: Math.max(0, freeDays) * 1440 * MINUTE_S });
}

/** The invite code of a `?invite=` link, read by the invite call after sign-up: 30 days. */
export const INVITE_COOKIE = "pp_invite";
export const INVITE_COOKIE_OPTIONS = withCookieDefaults({ maxAge: 30 * DAY_S, sameSite: "lax" });

export const ACCESS_OK_COOKIE = "pp_access_to_visit";
/** 600 s (spec §4, §9). */
export const ACCESS_OK_COOKIE_OPTIONS = withCookieDefaults({ maxAge: 600 });

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.floor(options.maxAge)}`);
  if (options.domain) parts.push(`Domain=${options.domain}`);
  if (options.path) parts.push(`Path=${options.path}`);
  if (options.sameSite)
    parts.push(`SameSite=${options.sameSite[0]?.toUpperCase()}${options.sameSite.slice(1)}`);
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

/** The cookies of a `Cookie` header or `document.cookie`, in their order. */
export function parseCookies(header: string | null | undefined): { name: string; value: string }[] {
  if (!header) return [];
  const cookies: { name: string; value: string }[] = [];
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    const raw = part.slice(index + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // a value another script wrote without encoding; keep it as it is
    }
    if (name) cookies.push({ name, value });
  }
  return cookies;
}

export function readCookieValue(header: string | null | undefined, name: string): string | undefined {
  return parseCookies(header).find((cookie) => cookie.name === name)?.value;
}

/** The cookies a module reads and writes; `documentCookieJar` is the browser's. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options?: CookieOptions): void;
  remove(name: string, options?: CookieOptions): void;
  /** Every cookie name, in cookie order. */
  names(): string[];
}

/** A jar over `document.cookie`; options are filled with the spec's defaults. */
export function documentCookieJar(document: { cookie: string }): CookieJar {
  return {
    get: (name) => readCookieValue(document.cookie, name),
    set: (name, value, options) => {
      document.cookie = serializeCookie(name, value, withCookieDefaults(options));
    },
    remove: (name, options) => {
      document.cookie = serializeCookie(name, "", withCookieDefaults({ ...options, maxAge: 0 }));
    },
    names: () => parseCookies(document.cookie).map((cookie) => cookie.name),
  };
}

/**
 * A jar in memory, for tests and server renders. Like a browser it keeps a cookie's
 * place when it is overwritten and lists cookies oldest first.
 */
export function memoryCookieJar(initial: Record<string, string> = {}): CookieJar & {
  readonly options: Map<string, CookieOptions>;
} {
  const values = new Map(Object.entries(initial));
  const options = new Map<string, CookieOptions>();
  return {
    options,
    get: (name) => values.get(name),
    set: (name, value, given) => {
      const full = withCookieDefaults(given);
      if (full.maxAge !== undefined && full.maxAge <= 0) {
        values.delete(name);
        options.delete(name);
        return;
      }
      values.set(name, value);
      options.set(name, full);
    },
    remove: (name) => {
      values.delete(name);
      options.delete(name);
    },
    names: () => [...values.keys()],
  };
}
