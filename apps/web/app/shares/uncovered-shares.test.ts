import { describe, expect, it } from "vitest";
import { memoryStorage } from "../lib/platform.js";
import { HIDDEN_COVER_KEY, hideCover, isCoverHidden } from "./uncovered-shares.js";

describe("pp_hidden_shared_content_cover", () => {
  it("remembers the shares whose cover was removed", () => {
    const storage = memoryStorage();
    expect(isCoverHidden(storage, "share-1")).toBe(false);
    hideCover(storage, "share-1");
    hideCover(storage, "share-1");
    expect(isCoverHidden(storage, "share-1")).toBe(true);
    expect(isCoverHidden(storage, "share-2")).toBe(false);
    expect(JSON.parse(storage.getItem(HIDDEN_COVER_KEY) ?? "")).toEqual(["share-1"]);
  });

  it("keeps the 50 newest shares and survives unreadable storage", () => {
    const storage = memoryStorage();
    for (let n = 0; n < 55; n++) hideCover(storage, `share-${n}`);
    const kept: string[] = JSON.parse(storage.getItem(HIDDEN_COVER_KEY) ?? "[]");
    expect(kept).toHaveLength(50);
    expect(kept[0]).toBe("share-5");
    expect(isCoverHidden(storage, "share-0")).toBe(false);

    storage.setItem(HIDDEN_COVER_KEY, "{not json");
    expect(isCoverHidden(storage, "share-7")).toBe(false);
    hideCover(storage, "share-7");
    expect(isCoverHidden(storage, "share-7")).toBe(true);
  });
});
