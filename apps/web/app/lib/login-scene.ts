import type { KeyValueStorage } from "./platform.js";

/** Spec §3's `login_scene` browser-storage key. */
export const LOGIN_SCENE_KEY = "pp_login_scene";
/** The scenes of spec §2; `cloud_page` and `landing_page` come only from `?scene=` (decision 0039). */
export const LOGIN_SCENES = [
  "share_page",
  "url_checker",
  "official_page",
  "cloud_page",
  "landing_page",
] as const;
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
