import { useEffect } from "react";
import { decideEmbeddedClick, detectEmbeddedWindow, performEmbeddedClick } from "../../lib/embedded.js";

/** Marks the html element `data-embedded` while the page runs embedded (for styles and tests). */
export const EMBEDDED_ATTRIBUTE = "data-embedded";

/**
 * Embedded mode (spec §2): in a frame with an `origin` query parameter, one
 * delegated click listener on the document hands drive-action and feedback links
 * to the parent window (postMessage to that origin only) and opens `_blank` ones
 * in a new window. It listens in the capture phase, so it decides before React
 * Router's `<Link>` navigates.
 */
export function useEmbeddedLinks(): void {
  useEffect(() => {
    const context = detectEmbeddedWindow(window);
    if (!context) return;
    document.documentElement.setAttribute(EMBEDDED_ATTRIBUTE, "true");
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement)) return;
      const decision = decideEmbeddedClick(
        { href: link.href, target: link.getAttribute("target") },
        context,
        location.href,
      );
      const handled = performEmbeddedClick(decision, {
        postToParent: (message, targetOrigin) => window.parent.postMessage(message, targetOrigin),
        openWindow: (url) => window.open(url, "_blank", "noopener"),
      });
      if (handled) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    document.addEventListener("click", onClick, true);
    return () => {
      document.removeEventListener("click", onClick, true);
      document.documentElement.removeAttribute(EMBEDDED_ATTRIBUTE);
    };
  }, []);
}
