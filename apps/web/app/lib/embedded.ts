import { isForwardedToParent, type PageAction } from "./page-actions.js";

export interface EmbeddedContext {
  /** The parent page's origin, from the `origin` query parameter: every message goes only there. */
  parentOrigin: string;
}

export interface EmbeddingWindow {
  self: unknown;
  top: unknown;
  location: { search: string };
}

/**
 * Embedded mode (spec §2): the page runs in a frame and names its parent's origin
 * in the `origin` query parameter. An origin that is not a real http(s) origin
 * (including `*`) does not count, so a message never goes to just anyone.
 */
export function detectEmbedded(
  inFrame: boolean,
  search: string | URLSearchParams,
): EmbeddedContext | undefined {
  if (!inFrame) return undefined;
  const value = (typeof search === "string" ? new URLSearchParams(search) : search).get("origin");
  if (!value) return undefined;
  try {
    const url = new URL(value);
    if ((url.protocol !== "https:" && url.protocol !== "http:") || url.origin === "null") return undefined;
    return { parentOrigin: url.origin };
  } catch {
    return undefined;
  }
}

/** `detectEmbedded` for a window: framed when `window.self !== window.top`. */
export function detectEmbeddedWindow(win: EmbeddingWindow): EmbeddedContext | undefined {
  return detectEmbedded(win.self !== win.top, win.location.search);
}

export interface ClickedLink {
  href: string;
  target?: string | null;
}

export type ParentMessage = { action: string } & Record<string, string>;

export type EmbeddedClickDecision =
  | { kind: "post"; message: ParentMessage; targetOrigin: string }
  | { kind: "open"; url: string }
  | { kind: "follow" };

/** Paths of the feedback page; a link there opens the parent's feedback instead. */
export const FEEDBACK_PATHS: readonly string[] = ["/drive/feedback"];

function linkUrl(href: string, base: string): URL | undefined {
  try {
    return new URL(href, base);
  } catch {
    return undefined;
  }
}

/**
 * What an embedded page does with a clicked link (spec §2), in this order:
 * a drive action the parent handles is posted to it and not followed; a feedback
 * link posts `open_feedback`; a `_blank` target opens a new window; anything
 * else is followed.
 */
export function decideEmbeddedClick(
  link: ClickedLink,
  context: EmbeddedContext,
  base = "http://embedded.invalid/",
): EmbeddedClickDecision {
  const url = linkUrl(link.href, base);
  if (url) {
    const action = url.searchParams.get("action");
    if (isForwardedToParent(action)) {
      const message: ParentMessage = { action };
      for (const [key, value] of url.searchParams) if (!(key in message)) message[key] = value;
      return { kind: "post", message, targetOrigin: context.parentOrigin };
    }
    const path = url.pathname.replace(/\/+$/, "");
    if (FEEDBACK_PATHS.some((feedback) => path === feedback || path.endsWith(feedback))) {
      const action: PageAction = "open_feedback";
      return { kind: "post", message: { action }, targetOrigin: context.parentOrigin };
    }
  }
  if (link.target === "_blank") return { kind: "open", url: url?.href ?? link.href };
  return { kind: "follow" };
}

export interface EmbeddedEffects {
  postToParent: (message: ParentMessage, targetOrigin: string) => void;
  openWindow: (url: string) => void;
}

/** Carries a decision out; returns true when the click's default must be prevented. */
export function performEmbeddedClick(decision: EmbeddedClickDecision, effects: EmbeddedEffects): boolean {
  if (decision.kind === "post") {
    effects.postToParent(decision.message, decision.targetOrigin);
    return true;
  }
  if (decision.kind === "open") {
    effects.openWindow(decision.url);
    return true;
  }
  return false;
}
