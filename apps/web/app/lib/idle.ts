/**
 * Runs `task` in a task of its own once the browser is idle, and at the latest after
 * `timeout` ms; the answer cancels it if it has not run. For the chores a page starts on
 * load that nothing on screen waits for (the region check, the build check, the debug
 * console's flag, the display-mode cookie): run from the effects of the first render, they
 * made one long task of hydration's effects, which holds input back (decision 0088).
 */
export function whenIdle(task: () => void, timeout = 1000): () => void {
  if (typeof globalThis.requestIdleCallback === "function") {
    const handle = globalThis.requestIdleCallback(() => task(), { timeout });
    return () => globalThis.cancelIdleCallback(handle);
  }
  const handle = globalThis.setTimeout(task, 1);
  return () => globalThis.clearTimeout(handle);
}
