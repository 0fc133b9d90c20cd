import type { DriveFile } from "@nimbus/protocol";
import { expect } from "vitest";
import type { TestApp } from "./test-app.js";
import type { TestUser } from "./users.js";

/** Drive calls through the API, the way a client makes them. */
export function driveClient(t: TestApp, user: TestUser) {
  const call = async (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) => {
    const response = await t.app.inject({
      method,
      url,
      headers: user.auth,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const ok = async (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) => {
    const result = await call(method, url, payload);
    expect(result.status, `${method} ${url}: ${JSON.stringify(result.body)}`).toBe(200);
    return result.body;
  };
  return {
    call,
    ok,
    async folder(name: string, parentId = ""): Promise<DriveFile> {
      return (await ok("POST", "/drive/v1/files", { kind: "drive#folder", name, parent_id: parentId })).file;
    },
    async upload(name: string, bytes: Buffer, parentId = ""): Promise<DriveFile> {
      const created = await ok("POST", "/drive/v1/files", {
        kind: "drive#file",
        name,
        parent_id: parentId,
        size: String(bytes.length),
        upload_type: "UPLOAD_TYPE_FORM",
      });
      const put = await t.app.inject({
        method: "PUT",
        url: new URL(created.form.url).pathname,
        headers: { ...user.auth, "content-type": "application/octet-stream" },
        payload: bytes,
      });
      expect(put.statusCode, put.body).toBe(200);
      return put.json();
    },
    async list(query: Record<string, string | number | boolean | object>): Promise<{
      files: DriveFile[];
      next_page_token: string;
    }> {
      return ok("GET", `/drive/v1/files?${queryString(query)}`);
    },
    /** Every page of a list, following next_page_token. */
    async listAll(query: Record<string, string | number | boolean | object>): Promise<DriveFile[]> {
      const all: DriveFile[] = [];
      let token = "";
      do {
        const page = await this.list({ ...query, ...(token ? { page_token: token } : {}) });
        all.push(...page.files);
        token = page.next_page_token;
      } while (token);
      return all;
    },
    batch(action: string, ids: string[], to?: string) {
      return call(
        "POST",
        `/drive/v1/files:${action}`,
        to === undefined ? { ids } : { ids, to: { parent_id: to } },
      );
    },
    async about(): Promise<{ limit: number; usage: number; usage_in_trash: number }> {
      const { quota } = await ok("GET", "/drive/v1/about");
      return {
        limit: Number(quota.limit),
        usage: Number(quota.usage),
        usage_in_trash: Number(quota.usage_in_trash),
      };
    },
  };
}

export type DriveClient = ReturnType<typeof driveClient>;

export function queryString(query: Record<string, string | number | boolean | object>): string {
  return Object.entries(query)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === "object" ? JSON.stringify(v) : String(v))}`)
    .join("&");
}

/**
 * The accounting invariants, read straight from the database: each user's usage
 * is the sum of the sizes of their rows holding a blob (trash included), each
 * blob's ref_count is its number of references (file rows and thumbnails), and
 * every referenced blob's bytes are in the store.
 */
export async function checkInvariants(t: TestApp, limits?: Map<string, number>): Promise<void> {
  // One snapshot: a background job (a thumbnail, say) committing between two of these reads
  // would otherwise show a reference counted in one and missing from the other.
  const read = await t.database.db
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute(async (db) => {
      const users = await db.selectFrom("users").select(["id", "storage_usage"]).execute();
      const sums = await db
        .selectFrom("files")
        .select((eb) => ["user_id", eb.fn.sum<number>("size").as("bytes")])
        .where("blob_gcid", "is not", null)
        .groupBy("user_id")
        .execute();
      const refs = await db
        .selectFrom("files")
        .select((eb) => ["blob_gcid", eb.fn.countAll<number>().as("n")])
        .where("blob_gcid", "is not", null)
        .groupBy("blob_gcid")
        .execute();
      const thumbs = await db
        .selectFrom("blob_thumbnails")
        .select((eb) => ["thumbnail_gcid", eb.fn.countAll<number>().as("n")])
        .groupBy("thumbnail_gcid")
        .execute();
      const blobs = await db.selectFrom("blobs").select(["gcid", "ref_count"]).execute();
      return { users, sums, refs, thumbs, blobs };
    });
  const { users, sums, refs, thumbs, blobs } = read;
  const sumOf = new Map(sums.map((row) => [row.user_id, Number(row.bytes)]));
  for (const user of users) {
    expect(Number(user.storage_usage), `usage of ${user.id}`).toBe(sumOf.get(user.id) ?? 0);
    const limit = limits?.get(user.id);
    if (limit !== undefined) expect(Number(user.storage_usage)).toBeLessThanOrEqual(limit);
  }
  const refOf = new Map(refs.map((row) => [row.blob_gcid as string, Number(row.n)]));
  for (const row of thumbs)
    refOf.set(row.thumbnail_gcid, (refOf.get(row.thumbnail_gcid) ?? 0) + Number(row.n));
  for (const blob of blobs) {
    expect(Number(blob.ref_count), `ref_count of ${blob.gcid}`).toBe(refOf.get(blob.gcid) ?? 0);
  }
  const known = new Set(blobs.map((b) => b.gcid));
  for (const gcid of refOf.keys()) {
    expect(known.has(gcid), `blob row of ${gcid}`).toBe(true);
    expect(await t.blobs.head(gcid), `bytes of ${gcid}`).toBeDefined();
  }
}

/**
 * Fills a folder with `count` files pointing at `source`'s blob, straight in the
 * database (fast), keeping usage and the blob's reference count true.
 */
export async function seedCopies(
  t: TestApp,
  source: DriveFile,
  parentId: string,
  count: number,
): Promise<void> {
  const { db } = t.database;
  const size = Number(source.size);
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `SEED${String(i).padStart(8, "0")}${randomSuffix()}`.slice(0, 26),
    user_id: source.user_id,
    parent_id: parentId,
    kind: "drive#file",
    name: `seed-${String(i).padStart(6, "0")}.bin`,
    name_folded: `seed-${String(i).padStart(6, "0")}.bin`,
    size,
    blob_gcid: source.hash,
    mime_type: "application/octet-stream",
    phase: "PHASE_TYPE_COMPLETE",
    trashed_at: null,
    trash_path: null,
    starred_at: null,
    created_at: now,
    modified_at: now + i,
  }));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto("files")
        .values(rows.slice(i, i + 500))
        .execute();
    await trx
      .updateTable("blobs")
      .set((eb) => ({ ref_count: eb("ref_count", "+", count) }))
      .where("gcid", "=", source.hash)
      .execute();
    await trx
      .updateTable("users")
      .set((eb) => ({ storage_usage: eb("storage_usage", "+", count * size) }))
      .where("id", "=", source.user_id)
      .execute();
  });
}

function randomSuffix(): string {
  return Math.random().toString(36).slice(2, 16).toUpperCase();
}
