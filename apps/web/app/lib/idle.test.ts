import { afterEach, describe, expect, it, vi } from "vitest";
import { whenIdle } from "./idle.js";

describe("whenIdle", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("runs the task from an idle callback with the timeout, and cancels it", () => {
    const callbacks = new Map<number, () => void>();
    const requestIdleCallback = vi.fn((callback: () => void, options: { timeout: number }) => {
      callbacks.set(callbacks.size + 1, callback);
      expect(options.timeout).toBe(500);
      return callbacks.size;
    });
    const cancelIdleCallback = vi.fn((handle: number) => callbacks.delete(handle));
    vi.stubGlobal("requestIdleCallback", requestIdleCallback);
    vi.stubGlobal("cancelIdleCallback", cancelIdleCallback);
    const task = vi.fn();
    whenIdle(task, 500);
    expect(task).not.toHaveBeenCalled();
    callbacks.get(1)?.();
    expect(task).toHaveBeenCalledTimes(1);

    const other = vi.fn();
    const cancel = whenIdle(other, 500);
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(2);
    expect(callbacks.has(2)).toBe(false);
  });

  it("falls back to a timer where the browser has no idle callbacks (Safari)", () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestIdleCallback", undefined);
    const task = vi.fn();
    whenIdle(task);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    whenIdle(cancelled)();
    vi.advanceTimersByTime(10);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
