import { mkdir, readdir, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app.js";

/** Temp files left by crashed uploads and extractions are swept, fresh ones never. */
describe("temp area sweep", () => {
  let t: TestApp;
  afterAll(async () => {
    await t.close();
  });

  it("removes stale blob temp files and work folders at start, keeps fresh ones", async () => {
    t = await createTestApp();
    if (t.config.blobs.kind !== "local") return;
    const blobTemp = path.join(t.config.blobs.dir, "tmp");
    const workTemp = path.join(t.config.dataDir, "tmp");
    await mkdir(blobTemp, { recursive: true });
    await mkdir(path.join(workTemp, "extract-STALE", "docs"), { recursive: true });
    await writeFile(path.join(workTemp, "extract-STALE", "docs", "part.bin"), "partial");
    await writeFile(path.join(blobTemp, "stale-upload"), "partial upload");
    await writeFile(path.join(blobTemp, "fresh-upload"), "upload in progress");
    // Two days before the fresh file's time on the volume (not this process's clock).
    const written = (await stat(path.join(blobTemp, "fresh-upload"))).mtimeMs;
    const twoDaysAgo = new Date(written - 48 * 3_600_000);
    await utimes(path.join(blobTemp, "stale-upload"), twoDaysAgo, twoDaysAgo);
    await utimes(path.join(workTemp, "extract-STALE"), twoDaysAgo, twoDaysAgo);

    t = await t.restart();
    await t.jobs.drain();

    expect(await readdir(blobTemp)).toEqual(["fresh-upload"]);
    expect(await readdir(workTemp)).not.toContain("extract-STALE");
  });
});
