import { dispatchAnalytics } from "../lib/analytics.js";
import { type ClientEvent, type ClientEventType, createClientEventEmitter } from "../lib/events.js";
import { readLoginScene } from "../lib/login-scene.js";
import type { KeyValueStorage } from "../lib/platform.js";

export {
  LOGIN_SCENE_KEY,
  LOGIN_SCENES,
  type LoginScene,
  loginSceneForPath,
  readLoginScene,
  rememberLoginScene,
} from "../lib/login-scene.js";

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
  dispatchAnalytics(event, target, storage);
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
