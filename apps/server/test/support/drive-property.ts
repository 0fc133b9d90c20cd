import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInvariants, type DriveClient, driveClient } from "./drive.js";
import { createTestApp, type TestApp } from "./test-app.js";
import { signUp, type TestUser } from "./users.js";

const LIMIT = 24_000;
const USERS = 3;
const CONTENTS = [randomBytes(1000), randomBytes(3000), randomBytes(7000), randomBytes(16_000)];

const user = fc.nat({ max: USERS - 1 });
const pick = fc.nat({ max: 1000 });
const picks = fc.array(pick, { minLength: 1, maxLength: 3 });
const op = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ op: fc.constant("upload"), user, content: fc.nat({ max: 3 }), dest: pick }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("folder"), user, dest: pick }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("copy"), user, items: picks, dest: pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("parallelCopy"), user, items: picks, dest: pick }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("move"), user, items: picks, dest: pick }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("trash"), user, items: picks }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("untrash"), user, items: picks }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("delete"), user, items: picks }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("empty"), user }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("foreign"), user, victim: user, items: picks }) },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** Statuses each operation may answer; anything else (a 500, a 404 for one's own id) fails. */
const ALLOWED: Record<Op["op"], number[]> = {
  upload: [200, 403],
  folder: [200],
  copy: [200, 400, 403, 409],
  parallelCopy: [200, 400, 403, 409],
  move: [200, 400],
  trash: [200],
  untrash: [200],
  delete: [200],
  empty: [200],
  foreign: [404],
};

/** How often each operation answered each status, over all runs. */
const seen = new Map<string, number>();
let t: TestApp;
let accounts: TestUser[];
let drives: DriveClient[];

/** Starts a run from empty drives (stored bytes stay: later uploads dedup against them). */
async function reset(): Promise<void> {
  const { db } = t.database;
  await db.deleteFrom("files").execute();
  await db
    .deleteFrom("uploads" as never)
    .execute()
    .catch(() => {});
  await db
    .deleteFrom("blobs")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("blob_thumbnails")
            .select("gcid")
            .whereRef("blob_thumbnails.thumbnail_gcid", "=", "blobs.gcid"),
        ),
      ),
    )
    .execute();
  await db.updateTable("users").set({ storage_usage: 0, storage_reserved: 0 }).execute();
}

async function items(userIndex: number) {
  return t.database.db
    .selectFrom("files")
    .select(["id", "kind", "trashed_at"])
    .where("user_id", "=", accounts[userIndex]?.id as string)
    .orderBy("id")
    .execute();
}

async function apply(step: Op): Promise<number[]> {
  const drive = drives[step.user] as DriveClient;
  const mine = await items(step.user);
  const folders = mine.filter((row) => row.kind === "drive#folder" && row.trashed_at === null);
  const dest = (n: number) =>
    n % (folders.length + 1) === 0 ? "" : (folders[(n % (folders.length + 1)) - 1]?.id ?? "");
  const choose = (ns: number[], from = mine) =>
    from.length === 0 ? [] : ns.map((n) => from[n % from.length]?.id as string);
  const status = async (action: string, ids: string[], to?: string) =>
    ids.length === 0 ? 200 : (await drive.batch(action, ids, to)).status;
  switch (step.op) {
    case "upload": {
      const bytes = CONTENTS[step.content] as Buffer;
      const created = await drive.call("POST", "/drive/v1/files", {
        kind: "drive#file",
        name: `f${step.content}.bin`,
        parent_id: dest(step.dest),
        size: String(bytes.length),
      });
      if (created.status !== 200) return [created.status];
      const put = await t.app.inject({
        method: "PUT",
        url: new URL(created.body.form.url).pathname,
        headers: { ...accounts[step.user]?.auth, "content-type": "application/octet-stream" },
        payload: bytes,
      });
      return [put.statusCode];
    }
    case "folder":
      return [
        (
          await drive.call("POST", "/drive/v1/files", {
            kind: "drive#folder",
            name: "d",
            parent_id: dest(step.dest),
          })
        ).status,
      ];
    case "copy":
      return [await status("batchCopy", choose(step.items), dest(step.dest))];
    case "parallelCopy": {
      const ids = choose(step.items);
      return Promise.all(ids.map((id) => status("batchCopy", [id], dest(step.dest))));
    }
    case "move":
      return [await status("batchMove", choose(step.items), dest(step.dest))];
    case "trash":
      return [await status("batchTrash", choose(step.items))];
    case "untrash":
      return [
        await status(
          "batchUntrash",
          choose(
            step.items,
            mine.filter((row) => row.trashed_at !== null),
          ),
        ),
      ];
    case "delete":
      return [await status("batchDelete", choose(step.items))];
    case "empty":
      return [(await drive.call("PATCH", "/drive/v1/files/trash:empty")).status];
    case "foreign": {
      if (step.victim === step.user) return [404];
      const theirs = choose(step.items, await items(step.victim));
      if (theirs.length === 0) return [404];
      return [
        await status(["batchDelete", "batchTrash", "batchCopy"][theirs.length % 3] as string, theirs, ""),
      ];
    }
  }
}

/**
 * Random sequences of drive operations by several users, checking after every
 * step that usage, reference counts and stored bytes agree (checkInvariants)
 * and that nobody is over their limit, over `runs` random sequences.
 */
export function describeDriveAccountingProperty(runs: number, timeoutMs: number): void {
  describe(`drive accounting under random operations (${runs} runs)`, () => {
    beforeAll(async () => {
      t = await createTestApp({ env: { FREE_STORAGE_BYTES: String(LIMIT) } });
      accounts = [];
      for (let i = 0; i < USERS; i++) accounts.push(await signUp(t.app));
      drives = accounts.map((account) => driveClient(t, account));
    });
    afterAll(() => t.close());

    it(
      "keeps usage, reference counts and stored bytes consistent, and everyone within their limit",
      async () => {
        const limits = new Map(accounts.map((account) => [account.id, LIMIT]));
        await fc.assert(
          fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (steps) => {
            await reset();
            for (const step of steps) {
              const statuses = await apply(step);
              for (const code of statuses) {
                expect(ALLOWED[step.op], `${JSON.stringify(step)} → ${code}`).toContain(code);
                seen.set(`${step.op} ${code}`, (seen.get(`${step.op} ${code}`) ?? 0) + 1);
              }
              await checkInvariants(t, limits);
            }
          }),
          { numRuns: runs },
        );
        if (process.env.NIMBUS_PROPERTY_STATS) process.stderr.write(`${JSON.stringify([...seen].sort())}\n`);
        // The runs did real work: uploads, copies and deletes succeeded, and limits were hit.
        for (const key of ["upload 200", "copy 200", "move 200", "untrash 200", "delete 200", "copy 403"]) {
          expect(seen.get(key) ?? 0, key).toBeGreaterThan(0);
        }
      },
      timeoutMs,
    );
  });
}
