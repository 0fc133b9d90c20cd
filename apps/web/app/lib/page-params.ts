import { LOGIN_SCENES, type LoginScene } from "./login-scene.js";
import type { KeyValueStorage } from "./platform.js";

/** Session storage key: the tab was opened by an app (webview) and shows no header (decision 0039). */
export const HIDE_HEADER_KEY = "pp_hide_header";

/** `1`, `true`, `yes` (any case) turn a flag on; anything else, or nothing, leaves it off. */
export function flagParam(value: string | null): boolean {
  return value !== null && ["1", "true", "yes"].includes(value.trim().toLowerCase());
}

export interface PageParams {
  /** `?scene=`: the login scene the page belongs to, when it names one of spec §2's scenes. */
  scene?: LoginScene;
  /** `?hide_header=`: `true` hides, `false` (`0`, `false`) shows again, undefined leaves it as it was. */
  hideHeader?: boolean;
  /** `?launcher=`: the app that opened the page (an app webview); implies a hidden header. */
  launcher?: string;
  /** `?speed_save=1`: on a share page, the save of the whole share starts at once. */
  speedSave: boolean;
  /** `?snapshot=1`: a still capture of the page: no header, no motion. */
  snapshot: boolean;
}

/** The page parameters of spec §2 that every page reads (decision 0039). */
export function readPageParams(search: string | URLSearchParams): PageParams {
  const query = typeof search === "string" ? new URLSearchParams(search) : search;
  const scene = query.get("scene");
  const hide = query.get("hide_header");
  const launcher = query.get("launcher")?.trim().slice(0, 64);
  const snapshot = flagParam(query.get("snapshot"));
  const params: PageParams = { speedSave: flagParam(query.get("speed_save")), snapshot };
  if ((LOGIN_SCENES as readonly string[]).includes(scene ?? "")) params.scene = scene as LoginScene;
  if (launcher) params.launcher = launcher;
  if (hide !== null) params.hideHeader = flagParam(hide);
  if (launcher || snapshot) params.hideHeader ??= true;
  return params;
}

/**
 * Whether the header is hidden on this page: the query decides when it says so, and is
 * remembered for the tab (an app webview keeps it across its own navigation); otherwise
 * what the tab remembered.
 */
export function headerHidden(params: PageParams, session: KeyValueStorage | undefined): boolean {
  try {
    if (params.hideHeader === true) session?.setItem(HIDE_HEADER_KEY, "1");
    if (params.hideHeader === false) session?.removeItem(HIDE_HEADER_KEY);
    return params.hideHeader ?? session?.getItem(HIDE_HEADER_KEY) === "1";
  } catch {
    return params.hideHeader ?? false;
  }
}
