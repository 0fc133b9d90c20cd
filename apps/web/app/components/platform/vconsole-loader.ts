import type VConsole from "vconsole";
import vconsoleUrl from "vconsole/dist/vconsole.min.js?url";

/**
 * vConsole, fetched only when the debug console opens. Its self-contained UMD
 * build is imported by URL (it sets `window.VConsole`), so the first load carries
 * neither vConsole nor a module preloader for it.
 */
export async function loadVConsole(): Promise<typeof VConsole> {
  await import(/* @vite-ignore */ vconsoleUrl);
  const loaded = (window as unknown as { VConsole?: typeof VConsole }).VConsole;
  if (!loaded) throw new Error("vConsole did not load");
  return loaded;
}
