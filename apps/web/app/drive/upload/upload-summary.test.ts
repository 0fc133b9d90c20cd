import { describe, expect, it } from "vitest";
import { percent, summarize } from "./upload-summary.js";
import type { UploadItem } from "./upload-types.js";

function item(fields: Partial<UploadItem>): UploadItem {
  return {
    id: "u",
    name: "f",
    size: 1000,
    relativePath: "",
    parentId: "",
    status: "queued",
    stage: "hash",
    hashed: 0,
    uploaded: 0,
    bytesPerSecond: 0,
    ...fields,
  };
}

describe("summarize", () => {
  it("adds up bytes, counts each state and leaves cancelled rows out", () => {
    const summary = summarize([
      item({ status: "done", uploaded: 1000 }),
      item({ status: "instant", uploaded: 0 }),
      item({ status: "uploading", stage: "send", uploaded: 250, bytesPerSecond: 100 }),
      item({ status: "uploading", stage: "send", uploaded: 250, bytesPerSecond: 150 }),
      item({ status: "paused", uploaded: 500 }),
      item({ status: "failed" }),
      item({ status: "needs-file", uploaded: 100 }),
      item({ status: "cancelled", uploaded: 900 }),
    ]);
    expect(summary).toEqual({
      total: 7,
      finished: 2,
      failed: 1,
      running: 2,
      paused: 1,
      needsFile: 1,
      bytesTotal: 7000,
      bytesDone: 3100,
      bytesPerSecond: 250,
      // 1500 bytes left in the running uploads at 250 B/s.
      secondsLeft: 6,
    });
  });

  it("has no time left to show while nothing runs or the speed is unknown", () => {
    expect(summarize([item({ status: "done" })]).secondsLeft).toBeUndefined();
    expect(summarize([item({ status: "hashing" })]).secondsLeft).toBeUndefined();
  });
});

describe("percent", () => {
  it("floors, caps at 100 and treats an empty total as complete", () => {
    expect(percent(999, 1000)).toBe(99);
    expect(percent(2000, 1000)).toBe(100);
    expect(percent(0, 0)).toBe(100);
  });
});
