import { type ClientEvent, type ClientEventType, createClientEventEmitter } from "../lib/events.js";
import type { KeyValueStorage } from "../lib/platform.js";

/** Spec §3's `login_scene` browser-storage key. */
export const LOGIN_SCENE_KEY = "pp_login_scene";
/** Spec §4: the scenes a sign-in can start from. */
export const LOGIN_SCENES = ["share_page", "url_checker", "official_page"] as const;
export type LoginScene = (typeof LOGIN_SCENES)[number];

/** The scene a page belongs to: shared links, the URL checker, or any other official page. */
export function loginSceneForPath(pathname: string): LoginScene {
  const path = pathname.replace(/^\/[a-z]{2}(-[A-Z]{2})?(?=\/)/, "");
  if (path.startsWith("/s/")) return "share_page";
  if (path.startsWith("/url-checker")) return "url_checker";
  return "official_page";
}

export function rememberLoginScene(storage: KeyValueStorage, scene: LoginScene): void {
  try {
    storage.setItem(LOGIN_SCENE_KEY, scene);
  } catch {
    // No storage: the event goes without a scene.
  }
}

export function readLoginScene(storage: KeyValueStorage): LoginScene | undefined {
  try {
    const value = storage.getItem(LOGIN_SCENE_KEY);
    return (LOGIN_SCENES as readonly string[]).includes(value ?? "") ? (value as LoginScene) : undefined;
  } catch {
    return undefined;
  }
}

/** The client events of the accounts flows: listen with `authEvents.on("AFTER_LOGIN", …)`. */
export const authEvents = createClientEventEmitter();

/** Sign-in events carry the remembered login scene (spec §4); sign-out does not. */
const SCENE_EVENTS: readonly ClientEventType[] = ["AFTER_LOGIN", "LOGIN_FAILED"];

export interface AuthEventTarget {
  dispatchEvent(event: Event): boolean;
}

/**
 * Emits a client event (AFTER_LOGIN, LOGIN_FAILED, LOGOUT_SUCCESS) to the app's
 * listeners and, as analytics, a `nimbus:analytics` event on the window — the sign-in
 * ones with `login_scene` added.
 */
export function emitAuthEvent(
  type: "AFTER_LOGIN" | "LOGIN_FAILED" | "LOGOUT_SUCCESS",
  data: Record<string, unknown>,
  { storage, target }: { storage?: KeyValueStorage | undefined; target?: AuthEventTarget | undefined } = {},
): ClientEvent {
  const scene = storage && SCENE_EVENTS.includes(type) ? readLoginScene(storage) : undefined;
  const event = authEvents.emit(type, scene ? { ...data, login_scene: scene } : data);
  target?.dispatchEvent(new CustomEvent("nimbus:analytics", { detail: event }));
  return event;
}

/** Spec §4: a logout clears the `from_source` query parameter (the extension hand-off is over). */
export function searchWithoutFromSource(search: string): string | undefined {
  const query = new URLSearchParams(search);
  if (!query.has("from_source")) return undefined;
  query.delete("from_source");
  const rest = query.toString();
  return rest ? `?${rest}` : "";
}

function browserStorage(): KeyValueStorage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

/** `emitAuthEvent` with the page's local storage (login scene) and window (analytics). */
export function emitInBrowser(
  type: "AFTER_LOGIN" | "LOGIN_FAILED" | "LOGOUT_SUCCESS",
  data: Record<string, unknown>,
) {
  emitAuthEvent(type, data, {
    storage: browserStorage(),
    target: typeof window === "undefined" ? undefined : window,
  });
}
