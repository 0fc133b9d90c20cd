import { describe, expect, it, vi } from "vitest";
import {
  CHUNK_RELOAD_STORAGE_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  handleChunkLoadError,
  isChunkLoadError,
} from "./chunk-reload.js";
import { memoryStorage } from "./platform.js";

const chunkError = new TypeError(
  "Failed to fetch dynamically imported module: https://nimbus.test/assets/a-1.js",
);

function setup() {
  const storage = memoryStorage();
  const clock = { now: 1_000_000 };
  const reload = vi.fn();
  const handle = (path: string, error: unknown = chunkError) =>
    handleChunkLoadError(error, { storage, path, reload, now: () => clock.now });
  return { storage, clock, reload, handle };
}

describe("chunk load errors (spec §4, §9)", () => {
  it("recognizes chunk load errors of the common browsers and bundlers", () => {
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/x.css"))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error("x"), { name: "ChunkLoadError" }))).toBe(true);
    expect(isChunkLoadError(new Error("Loading chunk 42 failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it("reloads at most once per path within 10 seconds", () => {
    const { clock, reload, handle } = setup();
    expect(CHUNK_RELOAD_WINDOW_MS).toBe(10_000);
    expect(handle("/drive/all")).toBe(true);
    clock.now += 9_999;
    expect(handle("/drive/all")).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
    clock.now += 1; // 10 s after the reload
    expect(handle("/drive/all")).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("counts each path on its own", () => {
    const { reload, handle } = setup();
    expect(handle("/drive/all")).toBe(true);
    expect(handle("/drive/trash")).toBe(true);
    expect(handle("/drive/all")).toBe(false);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("ignores other errors", () => {
    const { reload, handle, storage } = setup();
    expect(handle("/drive/all", new Error("boom"))).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(storage.data.size).toBe(0);
  });

  it("keeps its history in the given storage, dropping entries older than 10 s", () => {
    const { storage, clock, handle } = setup();
    handle("/a");
    clock.now += 10_000;
    handle("/b");
    expect(JSON.parse(storage.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? "")).toEqual({ "/b": clock.now });
  });

  it("survives unreadable storage", () => {
    const { storage, handle } = setup();
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, "[broken");
    expect(handle("/a")).toBe(true);
  });
});
