import { randomBytes } from "node:crypto";
import { type DriveFile, FILE_ORDERS, type FileOrder } from "@nimbus/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mergedQuery, query } from "../src/modules/files/file-listing.js";
import { compareText, sortSpec } from "../src/modules/files/sort-orders.js";
import { type DriveClient, driveClient } from "./support/drive.js";
import { createTestApp, type TestApp, testDatabaseKind } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

let t: TestApp;
let alice: TestUser;
let drive: DriveClient;
let folderId: string;

/** An independent statement of each order, to check the server against. */
function expected(order: FileOrder, pinned: boolean, items: DriveFile[]): string[] {
  const spec = sortSpec(order).name;
  const time = (f: DriveFile) => Date.parse(f.modified_time);
  const byId = (a: DriveFile, b: DriveFile) => compareText(a.id, b.id);
  const cmp: Record<string, (a: DriveFile, b: DriveFile) => number> = {
    name_asc: (a, b) => compareText(a.name, b.name) || byId(a, b),
    name_desc: (a, b) => compareText(b.name, a.name) || byId(b, a),
    mod_asc: (a, b) => time(a) - time(b) || byId(a, b),
    mod_desc: (a, b) => time(b) - time(a) || byId(b, a),
    size_asc: (a, b) => Number(a.size) - Number(b.size) || byId(a, b),
    size_desc: (a, b) => Number(b.size) - Number(a.size) || byId(b, a),
    type_desc: (a, b) => compareText(b.mime_type, a.mime_type) || compareText(a.name, b.name) || byId(a, b),
  };
  const folderFirst = (a: DriveFile, b: DriveFile) =>
    pinned ? Number(a.kind === "drive#file") - Number(b.kind === "drive#file") : 0;
  return [...items].sort((a, b) => folderFirst(a, b) || (cmp[spec] as typeof byId)(a, b)).map((f) => f.name);
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app);
  drive = driveClient(t, alice);
  folderId = (await drive.folder("Sorted")).id;
  const names: Array<[string, number]> = [
    ["c.txt", 3],
    ["A.jpg", 1],
    ["b.mp3", 2],
    ["é.pdf", 5],
    ["😀.txt", 4],
    ["\uffff.bin", 4],
    ["same.txt", 3],
  ];
  for (const [name, size] of names) await drive.upload(name, randomBytes(size), folderId);
  await drive.folder("B dir", folderId);
  await drive.folder("a dir", folderId);
  // Distinct, shuffled modification times, with one tie (ties fall back to the id).
  const rows = await t.database.db
    .selectFrom("files")
    .select("id")
    .where("parent_id", "=", folderId)
    .execute();
  const times = [5, 1, 9, 3, 7, 3, 2, 8, 6];
  for (const [i, row] of rows.entries()) {
    await t.database.db
      .updateTable("files")
      .set({ modified_at: 1_700_000_000_000 + (times[i] ?? i) * 1000 })
      .where("id", "=", row.id)
      .execute();
  }
});
afterAll(() => t.close());

describe("file list orders", () => {
  it("defaults to modified time descending with folders first", async () => {
    const all = await drive.listAll({ parent_id: folderId });
    expect(all.map((f) => f.name)).toEqual(expected("mod_desc", true, all));
    expect(all.slice(0, 2).every((f) => f.kind === "drive#folder")).toBe(true);
  });

  it.each(FILE_ORDERS.flatMap((order) => [true, false].map((pinned) => [order, pinned] as const)))(
    "orders by %s (folders pinned: %s), the same a page at a time",
    async (order, pinned) => {
      const whole = (await drive.list({ parent_id: folderId, order, pin_folders_top: pinned, limit: 100 }))
        .files;
      expect(whole).toHaveLength(9);
      expect(whole.map((f) => f.name)).toEqual(expected(order, pinned, whole));
      for (const limit of [1, 2, 4]) {
        const paged = await drive.listAll({ parent_id: folderId, order, pin_folders_top: pinned, limit });
        expect(paged.map((f) => f.name)).toEqual(whole.map((f) => f.name));
      }
      // `sort` is an alias of `order`.
      const aliased = (await drive.list({ parent_id: folderId, sort: order, pin_folders_top: pinned })).files;
      expect(aliased.map((f) => f.id)).toEqual(whole.map((f) => f.id));
    },
  );

  it.each(["name_asc", "mod_desc", "size_asc", "3"] as const)(
    "pages by %s stay correct while the folder changes",
    async (order) => {
      const folder = await drive.folder(`Changing ${order}`);
      for (let i = 0; i < 12; i++)
        await drive.upload(`f${String(i).padStart(2, "0")}.bin`, randomBytes(i + 1), folder.id);
      const seen: DriveFile[] = [];
      let token = "";
      let round = 0;
      const removed = new Set<string>();
      do {
        const page = await drive.list({
          parent_id: folder.id,
          order,
          limit: 3,
          ...(token ? { page_token: token } : {}),
        });
        seen.push(...page.files);
        token = page.next_page_token;
        // Add items, and trash one not served yet, between pages.
        await drive.upload(`new-${round}.bin`, randomBytes(50 + round), folder.id);
        const rest = (await drive.list({ parent_id: folder.id, order, limit: 100 })).files.filter(
          (f) => !seen.some((s) => s.id === f.id) && f.name.startsWith("f"),
        );
        const victim = rest.at(-1);
        if (victim && round % 2 === 0) {
          await drive.ok("POST", "/drive/v1/files:batchTrash", { ids: [victim.id] });
          removed.add(victim.id);
        }
        round++;
      } while (token);
      const ids = seen.map((f) => f.id);
      expect(new Set(ids).size).toBe(ids.length); // nothing twice
      expect(seen.map((f) => f.name)).toEqual(expected(order, true, seen)); // in order
      const originals = seen.filter((f) => f.name.startsWith("f")).length + removed.size;
      expect(originals).toBeGreaterThanOrEqual(12); // nothing that stayed was skipped
    },
  );

  it("refuses an unknown order, and a page token made for another order", async () => {
    const bad = await drive.call("GET", `/drive/v1/files?parent_id=${folderId}&order=9`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("invalid_argument");
    const page = await drive.list({ parent_id: folderId, order: "NAME_ASC", limit: 2 });
    const other = await drive.call(
      "GET",
      `/drive/v1/files?parent_id=${folderId}&order=size_desc&page_token=${page.next_page_token}`,
    );
    expect(other.status).toBe(400);
    expect(other.body.error).toBe("invalid_page_token");
  });

  it.runIf(testDatabaseKind === "sqlite")(
    "reads every order's first page from an index, without sorting",
    async () => {
      for (const order of FILE_ORDERS) {
        for (const kind of ["drive#folder", "drive#file"]) {
          const compiled = query(
            t.database.db,
            {
              userId: alice.id,
              scope: { kind: "folder", parentId: folderId },
              filters: {},
              spec: sortSpec(order),
              pinned: true,
              limit: 100,
            },
            kind,
            undefined,
          )
            .limit(101)
            .compile();
          const plan = await t.database.db.executeQuery({
            ...compiled,
            sql: `explain query plan ${compiled.sql}`,
          });
          const text = JSON.stringify(plan.rows);
          expect(text, order).toMatch(/files_live_by_/);
          expect(text, order).not.toMatch(/TEMP B-TREE/);
        }
      }
    },
  );

  it.runIf(testDatabaseKind === "sqlite")(
    "merges folders and files in one query when they are not pinned, from both indexes, without sorting",
    async () => {
      for (const order of FILE_ORDERS) {
        const spec = sortSpec(order);
        const request = {
          userId: alice.id,
          scope: { kind: "folder" as const, parentId: folderId },
          filters: {},
          spec,
          pinned: false,
          limit: 100,
        };
        const after = spec.keys.map((key) =>
          key.column === "size" || key.column === "modified_at" ? 1 : "m",
        );
        for (const values of [undefined, after]) {
          const compiled = mergedQuery(t.database.db, request, ["drive#folder", "drive#file"], values)
            .limit(101)
            .compile();
          const plan = await t.database.db.executeQuery({
            ...compiled,
            sql: `explain query plan ${compiled.sql}`,
          });
          const text = JSON.stringify(plan.rows);
          expect(text, order).toMatch(/MERGE \(UNION ALL\)/);
          expect(text.match(/USING INDEX files_live_by_/g), order).toHaveLength(2);
          expect(text, order).not.toMatch(/TEMP B-TREE/);
        }
      }
    },
  );
});

describe("file list filters and search", () => {
  it("filters by kind, mime category, modified time and phase", async () => {
    const base = { parent_id: folderId, order: "name_asc" };
    const names = async (filters: object) => (await drive.listAll({ ...base, filters })).map((f) => f.name);
    expect(await names({ kind: { eq: "drive#folder" } })).toEqual(["B dir", "a dir"]);
    expect(await names({ kind: { in: ["drive#file"] }, mime_category: { eq: "image" } })).toEqual(["A.jpg"]);
    expect(await names({ mime_category: { in: ["audio", "document"] } })).toEqual(
      expected(
        "name_asc",
        true,
        (await drive.listAll(base)).filter((f) => /\.(mp3|pdf|txt)$/.test(f.name)),
      ),
    );
    const t5 = new Date(1_700_000_000_000 + 5000).toISOString();
    const after = await drive.listAll({ ...base, filters: { modified_time: { gt: t5 } } });
    expect(after.every((f) => Date.parse(f.modified_time) > Date.parse(t5))).toBe(true);
    expect(after.length).toBeGreaterThan(0);
    const window = await drive.listAll({
      ...base,
      filters: { modified_time: { gt: 1_700_000_000_000 + 1000, lt: 1_700_000_000_000 + 5000 } },
    });
    expect(window.map((f) => Date.parse(f.modified_time) - 1_700_000_000_000).sort()).toEqual([
      2000, 3000, 3000,
    ]);
    expect(await names({ phase: { in: ["PHASE_TYPE_PENDING"] } })).toEqual([]);
  });

  it("searches names case-insensitively across the whole drive with parent_id=*", async () => {
    const docs = await drive.folder("Docs");
    await drive.upload("Отчёт за МАЙ.pdf", randomBytes(3), docs.id);
    await drive.upload("отчёт-2.txt", randomBytes(3));
    await drive.upload("100%_done.txt", randomBytes(3));
    const hits = await drive.listAll({ parent_id: "*", filters: { name: { contains: "ОТЧЁТ" } } });
    expect(hits.map((f) => f.name).sort()).toEqual(["Отчёт за МАЙ.pdf", "отчёт-2.txt"]);
    const literal = await drive.listAll({ parent_id: "*", filters: { name: { contains: "0%_" } } });
    expect(literal.map((f) => f.name)).toEqual(["100%_done.txt"]);
    const exact = await drive.listAll({ parent_id: "*", filters: { name: { eq: "c.txt" } } });
    expect(exact.map((f) => f.name)).toEqual(["c.txt"]);
    // Trashed items are not found.
    await drive.ok("POST", "/drive/v1/files:batchTrash", { ids: [docs.id] });
    const after = await drive.listAll({ parent_id: "*", filters: { name: { contains: "отчёт" } } });
    expect(after.map((f) => f.name)).toEqual(["отчёт-2.txt"]);
    // Nor other users' items.
    const bob = driveClient(t, await signUp(t.app));
    expect(await bob.listAll({ parent_id: "*", filters: { name: { contains: "отчёт" } } })).toEqual([]);
  });

  it("lists starred items and the trash", async () => {
    const [a, b] = (
      await drive.list({ parent_id: folderId, order: "name_asc", pin_folders_top: false, limit: 2 })
    ).files;
    await drive.ok("POST", "/drive/v1/files:star", { ids: [a?.id, b?.id] });
    const starred = await drive.listAll({ parent_id: "*", filters: { starred: { eq: true } } });
    expect(starred.map((f) => f.id).sort()).toEqual([a?.id, b?.id].sort());
    expect(starred.every((f) => f.starred)).toBe(true);
    await drive.ok("POST", "/drive/v1/files:unstar", { ids: [a?.id] });
    expect(
      (await drive.listAll({ parent_id: "*", filters: { starred: { eq: true } } })).map((f) => f.id),
    ).toEqual([b?.id]);
    const docs = (await drive.folder("Trashed docs")).id;
    await drive.upload("inside.pdf", randomBytes(3), docs);
    await drive.ok("POST", "/drive/v1/files:batchTrash", { ids: [docs] });
    const trash = await drive.listAll({ filters: { trashed: { eq: true } } });
    expect(trash.map((f) => f.name)).toContain("Trashed docs");
    expect(trash.map((f) => f.name)).not.toContain("inside.pdf"); // only the top level of the trash
    expect(trash.every((f) => f.trashed)).toBe(true);
    expect((await drive.listAll({ parent_id: "*", filters: { trashed: { eq: true } } })).length).toBe(
      trash.length,
    );
    const inside = await drive.listAll({ parent_id: docs, filters: { trashed: { eq: true } } });
    expect(inside.map((f) => f.name)).toEqual(["inside.pdf"]);
    const live = await drive.call("GET", `/drive/v1/files?parent_id=${docs}`);
    expect(live.body.error).toBe("file_in_trash");
  });

  it.each([
    '{"name":{"contains":""}}',
    '{"mime_category":{"eq":"spreadsheet"}}',
    '{"modified_time":{"gt":"yesterday"}}',
    '{"modified_time":{"eq":1}}',
    '{"kind":{"in":[]}}',
    '{"starred":{"eq":"yes"}}',
  ])("rejects filters %s with invalid_filters", async (filters) => {
    const response = await drive.call("GET", `/drive/v1/files?filters=${encodeURIComponent(filters)}`);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("invalid_filters");
  });
});
