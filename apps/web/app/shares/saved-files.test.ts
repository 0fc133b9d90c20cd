import { describe, expect, it } from "vitest";
import { memoryStorage } from "../lib/platform.js";
import { rememberSavedFiles, SAVED_FILE_IDS_KEY, savedFileCheck } from "./saved-files.js";

describe("pp_saved_file_ids", () => {
  it("marks the items saved from a share, and what sits in a saved folder", () => {
    const storage = memoryStorage();
    rememberSavedFiles(storage, "share-1", ["a", "folder"]);
    const top = savedFileCheck(storage, "share-1", []);
    expect(top("a")).toBe(true);
    expect(top("b")).toBe(false);
    expect(savedFileCheck(storage, "share-1", ["folder"])("anything")).toBe(true);
    expect(savedFileCheck(storage, "share-2", [])("a")).toBe(false);
  });

  it("a save naming no items marks the whole share", () => {
    const storage = memoryStorage();
    rememberSavedFiles(storage, "share-1", []);
    expect(savedFileCheck(storage, "share-1", ["x"])("y")).toBe(true);
  });

  it("keeps the 20 newest shares and survives unreadable storage", () => {
    const storage = memoryStorage();
    for (let n = 0; n < 25; n++) rememberSavedFiles(storage, `share-${n}`, [`f${n}`]);
    const kept = Object.keys(JSON.parse(storage.getItem(SAVED_FILE_IDS_KEY) ?? "{}"));
    expect(kept).toHaveLength(20);
    expect(kept[0]).toBe("share-5");
    rememberSavedFiles(storage, "share-5", ["g"]);
    expect(Object.keys(JSON.parse(storage.getItem(SAVED_FILE_IDS_KEY) ?? "{}")).at(-1)).toBe("share-5");

    storage.setItem(SAVED_FILE_IDS_KEY, "{not json");
    expect(savedFileCheck(storage, "share-1", [])("a")).toBe(false);
    rememberSavedFiles(storage, "share-1", ["a"]);
    expect(savedFileCheck(storage, "share-1", [])("a")).toBe(true);
  });
});
