import { type Clock, isRecord, systemClock } from "./platform.js";

/** Spec §2, §9: 5 consecutive clicks, each less than 200 ms after the previous. */
export const DEBUG_CONSOLE_CLICKS = 5;
export const DEBUG_CONSOLE_CLICK_GAP_MS = 200;

/** A debug console that can be destroyed (vConsole's instance fits). */
export interface DebugConsoleHandle {
  destroy(): void;
}

export interface DebugConsoleGestureConfig {
  /** The remote config flag `allow_vconsole`, read at the fifth click. */
  isAllowed: () => boolean;
  /** Loads and shows the console (the page imports vConsole here). */
  open: () => DebugConsoleHandle | Promise<DebugConsoleHandle>;
  now?: Clock;
  onError?: (error: unknown) => void;
}

export interface DebugConsoleGesture {
  /** Feeds one click; resolves true when this click opened the console. */
  click(): Promise<boolean>;
  /** The console's close button: destroys it, and the gesture can open it again. */
  close(): void;
  readonly isOpen: boolean;
}

/** Reads `debug_options.allow_vconsole` from the remote config; anything but true is off. */
export function allowVConsole(config: unknown): boolean {
  const options = isRecord(config) ? config.debug_options : undefined;
  const flag = isRecord(options) ? options.allow_vconsole : undefined;
  return flag === true || flag === "true" || flag === 1;
}

export function createDebugConsoleGesture(config: DebugConsoleGestureConfig): DebugConsoleGesture {
  const now = config.now ?? systemClock;
  let streak = 0;
  let lastClick = Number.NEGATIVE_INFINITY;
  let handle: DebugConsoleHandle | undefined;
  let opening = false;

  return {
    async click() {
      const at = now();
      streak = at - lastClick < DEBUG_CONSOLE_CLICK_GAP_MS ? streak + 1 : 1;
      lastClick = at;
      if (streak < DEBUG_CONSOLE_CLICKS || handle || opening) return false;
      streak = 0;
      if (!config.isAllowed()) return false;
      opening = true;
      try {
        handle = await config.open();
        return true;
      } catch (error) {
        config.onError?.(error);
        return false;
      } finally {
        opening = false;
      }
    },
    close() {
      handle?.destroy();
      handle = undefined;
    },
    get isOpen() {
      return handle !== undefined;
    },
  };
}
