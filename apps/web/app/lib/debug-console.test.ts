import { describe, expect, it, vi } from "vitest";
import {
  allowVConsole,
  createDebugConsoleGesture,
  DEBUG_CONSOLE_CLICK_GAP_MS,
  DEBUG_CONSOLE_CLICKS,
} from "./debug-console.js";

function setup(allowed = true) {
  const clock = { now: 0 };
  const destroy = vi.fn();
  const open = vi.fn(async () => ({ destroy }));
  const gesture = createDebugConsoleGesture({ isAllowed: () => allowed, open, now: () => clock.now });
  /** Clicks at the given gaps (ms after the previous click; the first gap is from the last click). */
  const clicks = async (...gaps: number[]) => {
    const results: boolean[] = [];
    for (const gap of gaps) {
      clock.now += gap;
      results.push(await gesture.click());
    }
    return results;
  };
  return { gesture, open, destroy, clicks };
}

describe("debug console gesture (spec §2, §9)", () => {
  it("opens on the fifth consecutive click, each less than 200 ms after the previous", async () => {
    expect(DEBUG_CONSOLE_CLICKS).toBe(5);
    expect(DEBUG_CONSOLE_CLICK_GAP_MS).toBe(200);
    const { gesture, open, clicks } = setup();
    expect(await clicks(1000, 199, 199, 199)).toEqual([false, false, false, false]);
    expect(open).not.toHaveBeenCalled();
    expect(await clicks(199)).toEqual([true]);
    expect(open).toHaveBeenCalledOnce();
    expect(gesture.isOpen).toBe(true);
  });

  it("starts counting again after a gap of 200 ms or more", async () => {
    const { open, clicks } = setup();
    await clicks(1000, 100, 100, 100, 200, 100, 100);
    expect(open).not.toHaveBeenCalled();
    await clicks(100);
    expect(open).not.toHaveBeenCalled();
    await clicks(100); // the fifth click of the streak started by the 200 ms gap
    expect(open).toHaveBeenCalledOnce();
  });

  it("stays closed when allow_vconsole is not set", async () => {
    const { open, clicks, gesture } = setup(false);
    await clicks(1000, 10, 10, 10, 10, 10, 10, 10, 10, 10);
    expect(open).not.toHaveBeenCalled();
    expect(gesture.isOpen).toBe(false);
  });

  it("opens once, and the close button destroys it so it can open again", async () => {
    const { open, destroy, clicks, gesture } = setup();
    await clicks(1000, 10, 10, 10, 10, 10, 10, 10, 10, 10);
    expect(open).toHaveBeenCalledOnce();
    gesture.close();
    expect(destroy).toHaveBeenCalledOnce();
    expect(gesture.isOpen).toBe(false);
    await clicks(1000, 10, 10, 10, 10);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it("reports a console that fails to load and stays closed", async () => {
    const onError = vi.fn();
    let t = 0;
    const gesture = createDebugConsoleGesture({
      isAllowed: () => true,
      open: async () => {
        throw new Error("chunk failed");
      },
      now: () => (t += 10),
      onError,
    });
    for (let i = 0; i < 4; i++) await gesture.click();
    expect(await gesture.click()).toBe(false);
    expect(onError).toHaveBeenCalledOnce();
    expect(gesture.isOpen).toBe(false);
  });
});

describe("allowVConsole", () => {
  it("reads debug_options.allow_vconsole from the remote config", () => {
    expect(allowVConsole({ debug_options: { allow_vconsole: true } })).toBe(true);
    expect(allowVConsole({ debug_options: { allow_vconsole: "true" } })).toBe(true);
    expect(allowVConsole({ debug_options: { allow_vconsole: false } })).toBe(false);
    expect(allowVConsole({ debug_options: {} })).toBe(false);
    expect(allowVConsole({ allow_vconsole: true })).toBe(false);
    expect(allowVConsole(undefined)).toBe(false);
  });
});
