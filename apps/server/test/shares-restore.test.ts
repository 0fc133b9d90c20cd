import { randomBytes } from "node:crypto";
import type { DriveFile } from "@nimbus/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlobStore } from "../src/blobs/blob-store.js";
import { checkInvariants, type DriveClient, driveClient, seedCopies } from "./support/drive.js";
import { shareClient, waitForTask } from "./support/shares.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

const LIMIT = 1_000_000;
let t: TestApp;
let alice: TestUser;
let drive: DriveClient;
/** Bytes put into or adopted by the blob store since the app started. */
let blobWrites = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: { FREE_STORAGE_BYTES: String(LIMIT) },
    wrapBlobs: (store: BlobStore) =>
      Object.assign(Object.create(store), {
        put: (...args: Parameters<BlobStore["put"]>) => {
          blobWrites++;
          return store.put(...args);
        },
        ...(store.adopt && {
          adopt: (...args: Parameters<NonNullable<BlobStore["adopt"]>>) => {
            blobWrites++;
            return store.adopt?.(...args);
          },
        }),
      }),
  });
  alice = await signUp(t.app);
  drive = driveClient(t, alice);
});
afterAll(() => t.close());

async function tree() {
  const root = await drive.folder(`Album ${randomBytes(3).toString("hex")}`);
  const sub = await drive.folder("Sub", root.id);
  const deep = await drive.folder("Deep", sub.id);
  const a = await drive.upload("a.bin", randomBytes(1000), root.id);
  const b = await drive.upload("b.bin", randomBytes(2000), sub.id);
  const c = await drive.upload("c.bin", randomBytes(3000), deep.id);
  return { root, sub, deep, a, b, c, bytes: 6000 };
}

async function refCount(gcid: string): Promise<number> {
  const row = await t.database.db
    .selectFrom("blobs")
    .select("ref_count")
    .where("gcid", "=", gcid)
    .executeTakeFirstOrThrow();
  return Number(row.ref_count);
}

describe("save to my drive", () => {
  it("copies the whole share into a chosen folder: tree kept, references up, no bytes, quota charged", async () => {
    const { root, a, c, bytes } = await tree();
    const { share_id, pass_code } = await shareClient(t, alice).create({
      file_ids: [root.id],
      pass_code_option: "REQUIRED",
    });
    const bob = await signUp(t.app);
    const bobDrive = driveClient(t, bob);
    const target = await bobDrive.folder("Saved");
    const visitor = shareClient(t, bob);
    const { pass_code_token } = await visitor.open({ share_id, pass_code });
    const refsBefore = await refCount(c.hash);
    const writesBefore = blobWrites;
    expect(writesBefore, "uploads are counted as blob writes").toBeGreaterThanOrEqual(3);
    const saved = await visitor.restore({ share_id, pass_code_token, parent_id: target.id });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ share_id, restore_status: "RESTORE_COMPLETE" });
    const task = await waitForTask(t, bob, saved.body.restore_task_id);
    expect(task).toMatchObject({ type: "restore", phase: "PHASE_TYPE_COMPLETE", progress: 100 });

    const [copy] = (await bobDrive.list({ parent_id: target.id })).files as DriveFile[];
    expect(copy?.name).toBe(root.name);
    const sub = (await bobDrive.list({ parent_id: copy?.id as string })).files;
    expect(sub.map((f) => [f.name, f.hash])).toEqual([
      ["Sub", ""],
      ["a.bin", a.hash],
    ]);
    const deep = (await bobDrive.list({ parent_id: sub[0]?.id as string })).files;
    expect(deep.map((f) => f.name)).toEqual(["Deep", "b.bin"]);
    const leaf = (await bobDrive.list({ parent_id: deep[0]?.id as string })).files;
    expect(leaf.map((f) => [f.name, f.hash, f.user_id])).toEqual([["c.bin", c.hash, bob.id]]);

    expect(await refCount(c.hash)).toBe(refsBefore + 1);
    expect(blobWrites).toBe(writesBefore);
    expect((await bobDrive.about()).usage).toBe(bytes);
    const list = await shareClient(t, alice).ok("GET", "/drive/v1/share/list");
    expect(list.data.find((s: { share_id: string }) => s.share_id === share_id).restore_count).toBe("1");
    await checkInvariants(t);

    // Deleting the original afterwards never touches the saved copy.
    await drive.batch("batchDelete", [root.id]);
    const bytesOfCopy = await t.app.inject({
      method: "GET",
      url:
        new URL(leaf[0]?.web_content_link as string).pathname +
        new URL(leaf[0]?.web_content_link as string).search,
    });
    expect(bytesOfCopy.statusCode).toBe(200);
    expect((await bobDrive.about()).usage).toBe(bytes);
    expect((await visitor.open({ share_id, pass_code_token })).share_status).toBe("DELETED");
    // The saved copies now hold the only references to the bytes.
    expect([await refCount(a.hash), await refCount(c.hash)]).toEqual([1, 1]);
    await checkInvariants(t);
  });

  it("saves chosen items from inside the share, and refuses ids outside it", async () => {
    const { root, sub, b } = await tree();
    const outside = await drive.upload("outside.bin", randomBytes(10));
    const { share_id } = await shareClient(t, alice).create({ file_ids: [root.id] });
    const bob = await signUp(t.app);
    const visitor = shareClient(t, bob);
    const saved = await visitor.restore({ share_id, file_ids: [b.id] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const mine = (await driveClient(t, bob).list({ parent_id: "" })).files;
    expect(mine.map((f) => f.name)).toEqual(["b.bin"]);
    const refused = await visitor.restore({ share_id, file_ids: [outside.id] });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe("file_not_found");
    // A folder chosen inside the share comes with everything below it.
    const folder = await visitor.restore({ share_id, file_ids: [sub.id] });
    expect(folder.status, JSON.stringify(folder.body)).toBe(200);
    const after = (await driveClient(t, bob).list({ parent_id: "" })).files;
    expect(after.map((f) => f.name).sort()).toEqual(["Sub", "b.bin"]);
    const savedSub = after.find((f) => f.name === "Sub") as DriveFile;
    const inside = (await driveClient(t, bob).list({ parent_id: savedSub.id })).files;
    expect(inside.map((f) => [f.name, f.hash])).toEqual([
      ["Deep", ""],
      ["b.bin", b.hash],
    ]);
    // Anonymous callers must sign in first.
    expect((await shareClient(t).restore({ share_id })).status).toBe(401);
  });

  it("a save that does not fit leaves nothing saved and nothing charged", async () => {
    const { root } = await tree();
    const { share_id } = await shareClient(t, alice).create({ file_ids: [root.id] });
    const bob = await signUp(t.app);
    const bobDrive = driveClient(t, bob);
    const filler = await bobDrive.upload("filler.bin", randomBytes(LIMIT - 5000));
    const before = await bobDrive.about();
    const refused = await shareClient(t, bob).restore({ share_id });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("file_space_not_enough");
    expect((await bobDrive.about()).usage).toBe(before.usage);
    expect((await bobDrive.list({ parent_id: "" })).files.map((f) => f.id)).toEqual([filler.id]);
    const list = await shareClient(t, alice).ok("GET", "/drive/v1/share/list");
    expect(list.data.find((s: { share_id: string }) => s.share_id === share_id).restore_count).toBe("0");
    await checkInvariants(t);
  });

  it("concurrent saves that only fit once: one is saved whole, the other leaves nothing", async () => {
    const { root, bytes } = await tree();
    const { share_id } = await shareClient(t, alice).create({ file_ids: [root.id] });
    const bob = await signUp(t.app);
    const bobDrive = driveClient(t, bob);
    await bobDrive.upload("filler.bin", randomBytes(LIMIT - bytes - 100));
    const usage = (await bobDrive.about()).usage;
    const visitor = shareClient(t, bob);
    const results = await Promise.all([visitor.restore({ share_id }), visitor.restore({ share_id })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(results.find((r) => r.status === 403)?.body.error).toBe("file_space_not_enough");
    expect((await bobDrive.about()).usage).toBe(usage + bytes);
    const top = (await bobDrive.list({ parent_id: "" })).files.map((f) => f.name).sort();
    expect(top).toEqual([root.name, "filler.bin"].sort());
    const list = await shareClient(t, alice).ok("GET", "/drive/v1/share/list");
    expect(list.data.find((s: { share_id: string }) => s.share_id === share_id).restore_count).toBe("1");
    await checkInvariants(t);
  });

  it("big saves run as a restore task (RESTORE_START → complete), counted once against the limit", async () => {
    const root = await drive.folder("Big share");
    const source = await drive.upload("one.bin", randomBytes(10), root.id);
    await seedCopies(t, source, root.id, 1500);
    const { share_id } = await shareClient(t, alice).create({ file_ids: [root.id], restore_limit: 1 });
    const bob = await signUp(t.app);
    const writesBefore = blobWrites;
    const saved = await shareClient(t, bob).restore({ share_id });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.restore_status).toBe("RESTORE_START");
    const task = await waitForTask(t, bob, saved.body.restore_task_id);
    expect(task.phase, task.message).toBe("PHASE_TYPE_COMPLETE");
    const copies = await driveClient(t, bob).listAll({ parent_id: task.file_id, limit: 1000 });
    expect(copies).toHaveLength(1501);
    expect(blobWrites).toBe(writesBefore);
    expect((await driveClient(t, bob).about()).usage).toBe(1501 * 10);
    const again = await shareClient(t, await signUp(t.app)).restore({ share_id });
    expect(again.body.error).toBe("share_unavailable");
    await checkInvariants(t);
  });
});
