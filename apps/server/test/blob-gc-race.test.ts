import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlobStore } from "../src/blobs/blob-store.js";
import { BLOB_GC_JOB } from "../src/modules/space/space-jobs.js";
import { checkInvariants, driveClient } from "./support/drive.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signIn, signUp, type TestUser } from "./support/users.js";

const HOUR = 3_600_000;
let now = Date.UTC(2026, 0, 1);
let t: TestApp;
let account: TestUser;
/** When set, the next `put` that deduplicates lets GC run before it answers. */
let collectDuringNextDedup = false;

async function gc(): Promise<void> {
  await t.jobs.enqueue(BLOB_GC_JOB, null);
  await t.jobs.drain();
}

beforeAll(async () => {
  t = await createTestApp({
    clock: { now: () => now },
    wrapBlobs: (store): BlobStore =>
      Object.assign(Object.create(store) as BlobStore, {
        async put(...args: Parameters<BlobStore["put"]>) {
          const result = await store.put(...args);
          if (!result.created && collectDuringNextDedup) {
            collectDuringNextDedup = false;
            await gc();
          }
          return result;
        },
      }),
  });
  account = await signUp(t.app);
});
afterAll(() => t.close());

describe("blob GC racing an upload of the same bytes", () => {
  it("never leaves a file whose bytes GC deleted between the upload's put and its commit", async () => {
    const bytes = randomBytes(4096);
    let drive = driveClient(t, account);
    const first = await drive.upload("first.bin", bytes);
    await drive.ok("POST", "/drive/v1/files:batchDelete", { ids: [first.id] });
    now += 25 * HOUR; // past the grace period: GC may take the bytes
    drive = driveClient(t, await signIn(t.app, account));

    const created = await drive.ok("POST", "/drive/v1/files", {
      kind: "drive#file",
      name: "again.bin",
      parent_id: "",
      size: String(bytes.length),
      upload_type: "UPLOAD_TYPE_FORM",
    });
    const put = (headers: Record<string, string>) =>
      t.app.inject({
        method: "PUT",
        url: new URL(created.form.url).pathname,
        headers: { ...headers, "content-type": "application/octet-stream" },
        payload: bytes,
      });
    const auth = (await signIn(t.app, account)).auth;
    collectDuringNextDedup = true;
    const raced = await put(auth);
    // GC won: the bytes the put deduplicated onto are gone, so the commit refuses cleanly.
    expect(raced.json()).toMatchObject({ error: "aborted" });
    expect(collectDuringNextDedup).toBe(false);
    expect(await t.blobs.head(first.hash)).toBeUndefined();

    // The client sends them again; now they are stored for real and the file is whole.
    const retried = await put(auth);
    expect(retried.statusCode, retried.body).toBe(200);
    const file = await drive.ok("GET", `/drive/v1/files/${created.file.id}`);
    expect(file.phase).toBe("PHASE_TYPE_COMPLETE");
    const link = new URL(file.web_content_link);
    const download = await t.app.inject({ url: link.pathname + link.search });
    expect(download.rawPayload.equals(bytes)).toBe(true);
    await checkInvariants(t);
  });
});
