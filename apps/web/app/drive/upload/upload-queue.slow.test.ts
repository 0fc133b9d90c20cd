import { describe, expect, it } from "vitest";
import { file, setup } from "./upload-queue.testing.js";

describe("UploadQueue at scale", () => {
  it("takes a folder of 20,000 files in one go", () => {
    const t = setup();
    const sources = Array.from({ length: 20_000 }, (_, index) => ({
      file: file(`f${index}.txt`, 10),
      relativePath: `big/f${index}.txt`,
    }));
    const started = performance.now();
    t.queue.add(sources, "");
    expect(performance.now() - started).toBeLessThan(2000);
    expect(t.queue.getSnapshot()).toHaveLength(20_000);
    expect(t.calls.hash).toHaveLength(1);
  });
});
