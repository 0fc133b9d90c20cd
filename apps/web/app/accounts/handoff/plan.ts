import { DESKTOP_SOURCE, parseHexPort } from "./desktop.js";
import { EXTENSION_SOURCE } from "./extension.js";

/** Which hand-off of spec §4 a page address asks for (`/auth?…`). */
export type HandoffPlan =
  | { kind: "bridge"; scope?: string }
  | { kind: "extension" }
  | { kind: "desktop"; port: number }
  | { kind: "code"; code: string; scope?: string }
  | { kind: "none" };

/**
 * The hand-off parameters (spec §2): `bridge_auth=1` inside the app; `from_source`
 * `pp_browser_extension`, or `pc_client` with a hex `port`; a `code` without `state`
 * (a `code` with `state` answers some other flow's redirect and is left alone).
 */
export function planHandoff(search: string | URLSearchParams): HandoffPlan {
  const query = typeof search === "string" ? new URLSearchParams(search) : search;
  const scope = query.get("scope") || undefined;
  if (query.get("bridge_auth") === "1") return scope ? { kind: "bridge", scope } : { kind: "bridge" };
  const source = query.get("from_source");
  if (source === EXTENSION_SOURCE) return { kind: "extension" };
  if (source === DESKTOP_SOURCE) {
    const port = parseHexPort(query.get("port"));
    if (port !== undefined) return { kind: "desktop", port };
  }
  const code = query.get("code");
  if (code && !query.has("state")) return scope ? { kind: "code", code, scope } : { kind: "code", code };
  return { kind: "none" };
}

/** The address without the hand-off parameters (what stays in the history afterwards). */
export function withoutHandoffParams(search: string): string {
  const query = new URLSearchParams(search);
  for (const name of ["code", "bridge_auth", "from_source", "port", "scope", "state"]) query.delete(name);
  const rest = query.toString();
  return rest ? `?${rest}` : "";
}
