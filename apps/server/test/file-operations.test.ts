import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInvariants, type DriveClient, driveClient } from "./support/drive.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

const LIMIT = 100_000;
let t: TestApp;
let alice: TestUser;
let drive: DriveClient;
let bob: DriveClient;

beforeAll(async () => {
  t = await createTestApp({ env: { FREE_STORAGE_BYTES: String(LIMIT) } });
  alice = await signUp(t.app);
  drive = driveClient(t, alice);
  bob = driveClient(t, await signUp(t.app));
});
afterAll(() => t.close());

const names = async (parentId: string) =>
  (await drive.listAll({ parent_id: parentId, order: "name_asc", pin_folders_top: false })).map(
    (f) => f.name,
  );

describe("rename", () => {
  it("renames, takes `name (n)` when the name is taken, or fails when asked to", async () => {
    const folder = await drive.folder("Rename");
    const a = await drive.upload("a.txt", randomBytes(3), folder.id);
    await drive.upload("b.txt", randomBytes(3), folder.id);
    const renamed = await drive.ok("PATCH", `/drive/v1/files/${a.id}`, { name: "c.txt" });
    expect(renamed).toMatchObject({ id: a.id, name: "c.txt", kind: "drive#file" });
    const numbered = await drive.ok("PATCH", `/drive/v1/files/${a.id}`, { name: "b.txt" });
    expect(numbered.name).toBe("b (1).txt");
    const refused = await drive.call("PATCH", `/drive/v1/files/${a.id}`, {
      name: "b.txt",
      on_conflict: "fail",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("file_name_conflict");
    expect(await names(folder.id)).toEqual(["b (1).txt", "b.txt"]);
    // Same name again is a no-op, a case change is a rename.
    expect((await drive.ok("PATCH", `/drive/v1/files/${a.id}`, { name: "b (1).txt" })).name).toBe(
      "b (1).txt",
    );
    expect((await drive.ok("PATCH", `/drive/v1/files/${a.id}`, { name: "B (1).txt" })).name).toBe(
      "B (1).txt",
    );
  });

  it("refuses invalid names, other users' items and trashed items", async () => {
    const file = await drive.upload("keep.txt", randomBytes(2));
    for (const name of ["", "a/b", "nul\u0000x", "..", ".", "x".repeat(256), "é".repeat(128)]) {
      const response = await drive.call("PATCH", `/drive/v1/files/${file.id}`, { name });
      expect(response.status, JSON.stringify(name)).toBe(400);
      expect(response.body.error).toBe("file_name_invalid");
    }
    const foreign = await bob.call("PATCH", `/drive/v1/files/${file.id}`, { name: "mine.txt" });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("file_not_found");
    expect(JSON.stringify(foreign.body)).not.toContain("keep.txt");
    await drive.ok("POST", "/drive/v1/files:batchTrash", { ids: [file.id] });
    expect((await drive.call("PATCH", `/drive/v1/files/${file.id}`, { name: "x.txt" })).body.error).toBe(
      "file_in_trash",
    );
  });
});

describe("batch move", () => {
  it("moves items, numbering names taken in the destination", async () => {
    const from = await drive.folder("From");
    const to = await drive.folder("To");
    const x = await drive.upload("x.txt", randomBytes(4), from.id);
    const sub = await drive.folder("sub", from.id);
    await drive.upload("deep.txt", randomBytes(4), sub.id);
    await drive.upload("x.txt", randomBytes(4), to.id);
    const moved = await drive.ok("POST", "/drive/v1/files:batchMove", {
      ids: [x.id, sub.id],
      to: { parent_id: to.id },
    });
    expect(moved.task_id).toBe("");
    expect(moved.files.map((f: { name: string }) => f.name)).toEqual(["x (1).txt", "sub"]);
    expect(await names(to.id)).toEqual(["sub", "x (1).txt", "x.txt"]);
    expect(await names(from.id)).toEqual([]);
    expect(await names(sub.id)).toEqual(["deep.txt"]); // children follow their folder
    await drive.ok("POST", "/drive/v1/files:batchMove", { ids: [sub.id], to: { parent_id: "" } });
    expect((await drive.listAll({ parent_id: "" })).some((f) => f.id === sub.id)).toBe(true);
    await checkInvariants(t);
  });

  it("refuses to move a folder into itself or below itself, atomically", async () => {
    const top = await drive.folder("Top");
    const mid = await drive.folder("Mid", top.id);
    const low = await drive.folder("Low", mid.id);
    const loose = await drive.upload("loose.txt", randomBytes(1));
    for (const target of [top.id, mid.id, low.id]) {
      const response = await drive.batch("batchMove", [loose.id, top.id], target);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe("file_move_into_itself");
    }
    expect((await drive.ok("GET", `/drive/v1/files/${loose.id}`)).parent_id).toBe(""); // nothing moved
  });

  it("answers file_not_found for others' ids and folders, without moving anything", async () => {
    const mine = await drive.upload("mine.txt", randomBytes(1));
    const theirs = await bob.folder("Bob's");
    const into = await drive.batch("batchMove", [mine.id], theirs.id);
    expect(into.status).toBe(404);
    expect(into.body.error).toBe("file_not_found");
    const steal = await bob.batch("batchMove", [mine.id], theirs.id);
    expect(steal.body.error).toBe("file_not_found");
    expect(JSON.stringify(steal.body)).not.toContain("mine.txt");
    expect((await drive.ok("GET", `/drive/v1/files/${mine.id}`)).parent_id).toBe("");
    const notFolder = await drive.batch("batchMove", [(await drive.folder("F")).id], mine.id);
    expect(notFolder.body.error).toBe("file_parent_invalid");
  });
});

describe("batch copy", () => {
  it("copies a folder tree by reference: no bytes written, usage charged, counts grown", async () => {
    const src = await drive.folder("Album");
    const bytes = randomBytes(1000);
    const photo = await drive.upload("photo.jpg", bytes, src.id);
    const inner = await drive.folder("inner", src.id);
    await drive.upload("again.jpg", bytes, inner.id); // same content: one blob, two references
    const before = await drive.about();
    // Thumbnails of earlier tests' files (text files have them too) are stored by jobs: let them finish.
    await t.jobs.drain();
    const storedBefore = await storeKeys();
    const copied = await drive.ok("POST", "/drive/v1/files:batchCopy", {
      ids: [src.id],
      to: { parent_id: "" },
    });
    expect(copied.task_id).toBe("");
    expect(copied.files.map((f: { name: string }) => f.name)).toEqual(["Album (1)"]);
    const copy = copied.files[0];
    expect(await names(copy.id)).toEqual(["inner", "photo.jpg"]);
    const copiedPhoto = (
      await drive.listAll({ parent_id: copy.id, filters: { kind: { eq: "drive#file" } } })
    )[0];
    expect(copiedPhoto?.hash).toBe(photo.hash);
    expect(copiedPhoto?.id).not.toBe(photo.id);
    expect((await drive.about()).usage).toBe(before.usage + 2000);
    expect(await storeKeys()).toEqual(storedBefore);
    const blob = await t.database.db
      .selectFrom("blobs")
      .selectAll()
      .where("gcid", "=", photo.hash)
      .executeTakeFirst();
    expect(blob?.ref_count).toBe(4);
    await checkInvariants(t);
  });

  it("refuses a copy over the storage limit, changing nothing", async () => {
    const erin = driveClient(t, await signUp(t.app));
    const big = await erin.upload("big.bin", randomBytes(30_000));
    const twice = await erin.ok("POST", "/drive/v1/files:batchCopy", {
      ids: [big.id, big.id],
      to: { parent_id: "" },
    });
    expect(twice.files).toHaveLength(1); // duplicate ids copy once
    await erin.ok("POST", "/drive/v1/files:batchCopy", { ids: [big.id], to: { parent_id: "" } });
    const before = await erin.about();
    expect(before.usage).toBe(90_000);
    const over = await erin.batch("batchCopy", [big.id], "");
    expect(over.status).toBe(403);
    expect(over.body.error).toBe("file_space_not_enough");
    expect(await erin.about()).toEqual(before);
    expect(await erin.listAll({ parent_id: "" })).toHaveLength(3);
    await checkInvariants(t);
  });

  it("never lets concurrent copies push usage over the limit", async () => {
    const carol = driveClient(t, await signUp(t.app));
    const file = await carol.upload("c.bin", randomBytes(20_000));
    const results = await Promise.all(
      Array.from({ length: 8 }, () => carol.batch("batchCopy", [file.id], "")),
    );
    const ok = results.filter((r) => r.status === 200).length;
    expect(ok).toBe(4); // 20 000 + 4 × 20 000 = the limit
    expect(
      results.filter((r) => r.status === 403).every((r) => r.body.error === "file_space_not_enough"),
    ).toBe(true);
    expect((await carol.about()).usage).toBe(LIMIT);
    await checkInvariants(t, new Map([[alice.id, LIMIT]]));
  });

  it("refuses to copy a folder into itself", async () => {
    const top = await drive.folder("CopyTop");
    const low = await drive.folder("CopyLow", top.id);
    const response = await drive.batch("batchCopy", [top.id], low.id);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("file_copy_into_itself");
  });
});

describe("star and activity", () => {
  it("records what happened, newest first, a page at a time", async () => {
    const dan = driveClient(t, await signUp(t.app));
    const folder = await dan.folder("Feed");
    const file = await dan.upload("one.txt", randomBytes(2), folder.id);
    await dan.ok("PATCH", `/drive/v1/files/${file.id}`, { name: "two.txt" });
    await dan.ok("POST", "/drive/v1/files:star", { ids: [file.id] });
    await dan.ok("POST", "/drive/v1/files:batchCopy", { ids: [file.id], to: { parent_id: "" } });
    await dan.ok("POST", "/drive/v1/files:batchTrash", { ids: [folder.id] });
    const types: string[] = [];
    let token = "";
    do {
      const page = await dan.ok("GET", `/drive/v1/events?limit=2${token ? `&page_token=${token}` : ""}`);
      expect(page.kind).toBe("drive#eventList");
      types.push(...page.events.map((e: { type: string }) => e.type));
      token = page.next_page_token;
    } while (token);
    expect(types).toEqual(["trash", "copy", "star", "rename", "upload", "create_folder"]);
    const first = (await dan.ok("GET", "/drive/v1/events?limit=1")).events[0];
    expect(first).toMatchObject({
      kind: "drive#event",
      type: "trash",
      file_id: folder.id,
      file_name: "Feed",
    });
    expect(
      (await bob.ok("GET", "/drive/v1/events")).events.some(
        (e: { file_id: string }) => e.file_id === folder.id,
      ),
    ).toBe(false);
  });
});

async function storeKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.blobs.list()) keys.push(key);
  return keys.sort();
}
