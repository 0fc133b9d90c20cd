import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useAwaitingScripts } from "./use-hydrated.js";

/**
 * A button that shows and hides a panel (menus, popovers, the mobile menu): Escape or a
 * click outside closes it, Escape hands focus back to the button, and it closes when
 * the page changes. `onOpen` runs after opening (to move focus into the panel). Until the
 * page's scripts have taken over, the button is marked busy and unavailable (useAwaitingScripts).
 */
export function useDisclosure<P extends HTMLElement = HTMLDivElement>(onOpen?: (panel: P) => void) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<P>(null);
  const { pathname, search } = useLocation();
  const waiting = useAwaitingScripts();
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation
  useEffect(() => setOpen(false), [pathname, search]);

  useEffect(() => {
    if (!open) return;
    if (panelRef.current) onOpenRef.current?.(panelRef.current);
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  const close = useCallback(() => setOpen(false), []);
  return {
    open,
    setOpen,
    close,
    button: {
      ref: buttonRef,
      type: "button" as const,
      "aria-expanded": open,
      "aria-controls": id,
      onClick: () => setOpen((value) => !value),
      ...waiting,
    },
    panel: { ref: panelRef, id, hidden: !open },
  };
}

/** Moves focus to the first focusable element inside a panel. */
export function focusFirst(panel: HTMLElement) {
  panel.querySelector<HTMLElement>("input, a[href], button:not([disabled]), select, textarea")?.focus();
}
