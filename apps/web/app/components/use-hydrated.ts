import { startTransition, useEffect, useState } from "react";

/** Set once the first hydration's effects have run: anything mounted later starts hydrated. */
let pageHydrated = false;

/** Whether the page's first hydration is over (false on the server and while React hydrates). */
export function isPageHydrated(): boolean {
  return pageHydrated;
}

/**
 * Whether the page's scripts have taken over its server-rendered HTML: false on the server
 * and in the hydrating render (which must match the server's HTML), true from the render
 * React does right after hydration, and at once in anything mounted later (a client-side
 * navigation never shows the waiting state).
 * The render after hydration is a transition (decision 0081): it swaps the drive's server
 * cards for the virtual grid and clears every control's busy state, a long task on a phone
 * that React now cuts into slices (a `useSyncExternalStore` snapshot that differs from the
 * server's re-renders synchronously, in one piece, right after the hydration's commit).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/** What a control that needs the page's scripts carries until they have taken over. */
export type AwaitingScripts = { "aria-busy"?: true; "aria-disabled"?: true };

const WAITING: AwaitingScripts = Object.freeze({ "aria-busy": true, "aria-disabled": true });
const READY: AwaitingScripts = Object.freeze({});

/**
 * The attributes of a control that does nothing until the page's scripts run (a menu
 * button, a view switch, the file grid): `aria-busy` and `aria-disabled` in the server's
 * HTML and the hydrating render, none once hydrated. A person on a slow phone who taps one
 * early sees and hears it is not ready yet (global.css: the progress cursor, and dimmed
 * once the wait is long enough to notice) instead of losing the tap to a page that looks
 * ready, and journeys' clicks wait for it (Playwright treats aria-disabled as disabled).
 * `aria-disabled` rather than `disabled`: the control stays focusable and in the tab
 * order, so focus is not thrown out when it turns on, and a click React replays (one that
 * came after hydration started) still reaches its handler.
 */
export function awaitingScripts(hydrated: boolean): AwaitingScripts {
  return hydrated ? READY : WAITING;
}

/** `awaitingScripts(useHydrated())`: spread onto the control. */
export function useAwaitingScripts(): AwaitingScripts {
  return awaitingScripts(useHydrated());
}
