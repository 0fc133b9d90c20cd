import { describe, expect, it } from "vitest";
import { memoryStorage } from "../../lib/platform.js";
import { localResumeStore, RESUME_STORAGE_KEY } from "./resume-store.js";
import type { ResumeRecord } from "./upload-types.js";

function record(key: string, expiresAt: number): ResumeRecord {
  return {
    key,
    name: "a.bin",
    size: 10,
    lastModified: 1,
    relativePath: "",
    parentId: "",
    fileId: "f",
    uploadUrl: "/drive/v1/uploads/tus/u",
    uploaded: 4,
    expiresAt,
  };
}

describe("localResumeStore", () => {
  it("keeps one record per key, drops expired ones and forgets the key when empty", () => {
    const storage = memoryStorage();
    const store = localResumeStore(storage);
    store.save(record("a", 100));
    store.save(record("a", 200));
    store.save(record("b", 50));
    expect(store.list(60).map((entry) => [entry.key, entry.expiresAt])).toEqual([["a", 200]]);
    store.remove("a");
    expect(store.list(0)).toEqual([]);
    expect(storage.getItem(RESUME_STORAGE_KEY)).toBeNull();
  });

  it("ignores what it cannot read", () => {
    const storage = memoryStorage({ [RESUME_STORAGE_KEY]: '[{"key":1},"x",{}]' });
    expect(localResumeStore(storage).list(0)).toEqual([]);
    storage.setItem(RESUME_STORAGE_KEY, "not json");
    expect(localResumeStore(storage).list(0)).toEqual([]);
  });
});
