import {
  CAPTCHA_CHALLENGE_SIZE,
  type CaptchaChallengeResult,
  captchaCancelled,
  readChallengeRedirect,
} from "../../lib/captcha/captcha-flow.js";

/** A page may provide this container; otherwise an overlay is generated (spec §2). */
export const SHIELD_CONTAINER_ID = "shield-app";
/** The default page z-index base (spec §9). */
export const CHALLENGE_Z_INDEX = 2000;
export const RESPONSIVE_LAYOUT_ACTION = "responsiveLayout";

export interface ChallengeLabels {
  title: string;
  close: string;
}

const VIEWPORT_MARGIN_PX = 16;

function messageData(data: unknown): Record<string, unknown> | undefined {
  if (typeof data === "string") {
    try {
      return messageData(JSON.parse(data));
    } catch {
      return undefined;
    }
  }
  return typeof data === "object" && data !== null ? (data as Record<string, unknown>) : undefined;
}

function pixels(value: unknown): number | undefined {
  const number = typeof value === "string" ? Number.parseFloat(value) : value;
  return typeof number === "number" && Number.isFinite(number) && number > 0 ? number : undefined;
}

/**
 * The size a `responsiveLayout` message asks for: its `width`/`height` in pixels,
 * or without them the whole viewport; never larger than the viewport.
 */
export function responsiveSize(
  data: Record<string, unknown>,
  viewport: { width: number; height: number },
): { width: number; height: number } {
  const maxWidth = Math.max(0, viewport.width - VIEWPORT_MARGIN_PX);
  const maxHeight = Math.max(0, viewport.height - VIEWPORT_MARGIN_PX);
  return {
    width: Math.min(pixels(data.width) ?? maxWidth, maxWidth),
    height: Math.min(pixels(data.height) ?? maxHeight, maxHeight),
  };
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  style: Partial<CSSStyleDeclaration>,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  Object.assign(node.style, style);
  return node;
}

/** The challenge page Nimbus serves itself (`GET /v1/shield/challenge`). */
const OWN_CHALLENGE_PATH = "/v1/shield/challenge";

/**
 * The address to frame: this server's own challenge page is framed from the page's
 * own origin, so it stays same-origin (and within its `frame-ancestors 'self'`) when
 * the page was reached under another name than the server's public URL.
 */
export function framedUrl(url: string, here: string = location.href): string {
  const parsed = new URL(url, here);
  if (parsed.pathname !== OWN_CHALLENGE_PATH) return parsed.href;
  return new URL(`${parsed.pathname}${parsed.search}`, here).href;
}

/**
 * Shows the captcha challenge (spec §2, §4): a 320×430 iframe with a close button,
 * inside `#shield-app` when the page has one, else in a generated overlay. A
 * `responsiveLayout` message from the frame resizes it. Resolves with the token
 * of the redirect address the challenge ends on (read on a same-origin load, or
 * from a message carrying `url`); closing first rejects with `cancelled`.
 * The `showChallenge` that `createCaptchaFlow` expects.
 */
export function showChallenge(given: string, labels: ChallengeLabels): Promise<CaptchaChallengeResult> {
  return new Promise((resolve, reject) => {
    const url = framedUrl(given);
    const challengeOrigin = new URL(url, location.href).origin;
    const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const host = document.getElementById(SHIELD_CONTAINER_ID);
    const overlay = host
      ? null
      : element("div", {
          position: "fixed",
          inset: "0",
          zIndex: String(CHALLENGE_Z_INDEX),
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          background: "rgb(0 0 0 / 0.45)",
        });
    const box = element("div", {
      position: "relative",
      background: "#fff",
      borderRadius: "10px",
      boxShadow: "0 12px 40px rgb(0 0 0 / 0.3)",
      overflow: "hidden",
      lineHeight: "0",
    });
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-modal", "true");
    box.setAttribute("aria-label", labels.title);
    box.dataset.captchaChallenge = "";
    const frame = element("iframe", { border: "0", display: "block" });
    frame.width = String(CAPTCHA_CHALLENGE_SIZE.width);
    frame.height = String(CAPTCHA_CHALLENGE_SIZE.height);
    frame.title = labels.title;
    frame.src = url;
    const close = element("button", {
      position: "absolute",
      top: "6px",
      right: "6px",
      width: "32px",
      height: "32px",
      border: "0",
      borderRadius: "16px",
      // Readable over the challenge page in its light and dark themes alike.
      background: "rgb(127 127 127 / 0.2)",
      color: "#6b7385",
      font: "20px/32px system-ui, sans-serif",
      cursor: "pointer",
    });
    close.type = "button";
    close.textContent = "×";
    close.setAttribute("aria-label", labels.close);
    box.append(frame, close);

    let settled = false;
    function finish(outcome: { result: CaptchaChallengeResult } | { error: unknown }) {
      if (settled) return;
      settled = true;
      window.removeEventListener("message", onMessage);
      document.removeEventListener("keydown", onKey, true);
      (overlay ?? box).remove();
      previousFocus?.focus();
      if ("result" in outcome) resolve(outcome.result);
      else reject(outcome.error);
    }
    const cancel = () => finish({ error: captchaCancelled() });
    function tryAddress(address: unknown) {
      if (typeof address !== "string") return;
      const result = readChallengeRedirect(address);
      if (result) finish({ result });
    }
    function onMessage(event: MessageEvent) {
      if (event.source !== frame.contentWindow) return;
      if (event.origin !== challengeOrigin && event.origin !== location.origin) return;
      const data = messageData(event.data);
      if (!data) return;
      if (data.action === RESPONSIVE_LAYOUT_ACTION) {
        const size = responsiveSize(data, { width: innerWidth, height: innerHeight });
        frame.width = String(size.width);
        frame.height = String(size.height);
        return;
      }
      tryAddress(data.url ?? data.href);
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape") cancel();
    }
    frame.addEventListener("load", () => {
      try {
        // Readable only once the challenge has redirected back to this origin.
        tryAddress(frame.contentWindow?.location.href);
      } catch {}
    });
    close.addEventListener("click", cancel);
    window.addEventListener("message", onMessage);
    document.addEventListener("keydown", onKey, true);
    if (overlay) {
      overlay.append(box);
      document.body.append(overlay);
    } else {
      host?.append(box);
    }
    close.focus();
  });
}
