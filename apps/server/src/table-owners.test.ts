import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * One owner per table (issue #30): every table of `db/schema.ts` belongs to one module
 * (or the `jobs` layer), and only that folder names it in a query; other modules reach it
 * through the owner's repository or service. Migrations (`db/`) are exempt.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));

const TABLE_OWNERS: Record<string, string> = {
  users: "users",
  user_settings: "users",
  user_avatars: "users",
  mail_unsubscribes: "users",
  external_identities: "users",
  sessions: "auth",
  app_passwords: "auth",
  device_codes: "auth",
  auth_codes: "auth",
  verifications: "accounts",
  recovery_codes: "accounts",
  two_factor_tokens: "accounts",
  signin_guards: "accounts",
  external_signins: "accounts",
  files: "files",
  blobs: "space",
  blob_orphans: "space",
  space_holds: "accounting",
  uploads: "uploads",
  upload_challenges: "uploads",
  download_traffic: "downloads",
  blob_media: "previews",
  blob_thumbnails: "previews",
  playback_positions: "playback",
  playback_preferences: "playback",
  dav_properties: "webdav",
  dav_locks: "webdav",
  tasks: "tasks",
  events: "events",
  jobs: "jobs",
  job_schedules: "jobs",
  shares: "shares",
  share_files: "shares",
  share_reports: "shares",
  sensitive_words: "shares",
  blocked_gcids: "shares",
  activation_code_batches: "rewards",
  activation_codes: "rewards",
  invite_codes: "rewards",
  invite_claims: "rewards",
  check_ins: "rewards",
  campaign_windows: "rewards",
  remote_config: "remote-config",
  app_download_counts: "remote-config",
  admin_actions: "admin-log",
  feedback: "feedback",
  feedback_replies: "feedback",
  entitlement_grants: "membership",
  products: "payments",
  product_prices: "payments",
  campaign_prices: "payments",
  orders: "payments",
  subscriptions: "payments",
  payment_events: "payments",
  offline_contents: "offline",
  offline_folders: "offline",
};

/**
 * Shared by design (decision 0078), not debt: the storage counters are accounting's columns
 * in `users` and `blobs` (one conditional UPDATE under the user's row lock, in the caller's
 * transaction), and two per-request joins stay one query (`findForUse`, a thumbnail's size).
 */
const SHARED_BY_DESIGN: Record<string, readonly string[]> = {
  "modules/accounting/space-holds.ts": ["users"],
  "modules/accounting/storage-accounting.ts": ["blobs", "users"],
  "modules/accounting/storage-charges.ts": ["users"],
  "modules/accounting/storage-reservations.ts": ["users"],
  "modules/accounting/stored-blobs.ts": ["blobs"],
  "modules/auth/sessions-repository.ts": ["users"],
  "modules/previews/preview-store.ts": ["blobs"],
};

/**
 * Queries that still reach past their table's owner, by file: the debt issue #30 pays off
 * (decision 0078 says how each goes). Kept exact: a new foreign query fails the test, and
 * so does an entry whose query is gone.
 */
const NOT_YET_OWNED: Record<string, readonly string[]> = {
  "modules/accounting/storage-accounting.ts": ["files", "uploads"],
  "modules/feedback/feedback-service.ts": ["files", "users"],
  "modules/uploads/instant-uploads.ts": ["blobs"],
  "modules/uploads/upload-commit.ts": ["blobs", "files"],
  "modules/uploads/upload-targets.ts": ["files"],
  "modules/uploads/uploads-repository.ts": ["files"],
  "modules/webdav/dav-tree.ts": ["files"],
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** The tables a Kysely query in `text` names (from, update, insert, delete and joins). */
export function tablesQueried(text: string): Set<string> {
  const query =
    /\b(?:selectFrom|updateTable|insertInto|deleteFrom|replaceInto|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*["'`]([a-z_]+)(?:\s+as\s+[a-z_]+)?["'`]/g;
  return new Set([...text.matchAll(query)].map((m) => m[1] as string));
}

/** The owning area of a source file: its module folder, else its top-level folder or file. */
function areaOf(relative: string): string {
  const parts = relative.split("/");
  return parts[0] === "modules" ? (parts[1] ?? "") : (parts[0] ?? "");
}

function schemaTables(): string[] {
  const schema = readFileSync(path.join(SRC, "db", "schema.ts"), "utf8");
  const block = /export interface Tables \{([\s\S]*?)\n\}/.exec(schema)?.[1] ?? "";
  return [...block.matchAll(/^\s+([a-z_]+):/gm)].map((m) => m[1] as string);
}

describe("table owners", () => {
  it("finds the tables of a query, joins and aliases included", () => {
    const text = `db.selectFrom("files as f").innerJoin("blobs", "blobs.id", "f.blob_id");
      trx.updateTable('users').set({}); db.deleteFrom("tasks")`;
    expect([...tablesQueried(text)].sort()).toEqual(["blobs", "files", "tasks", "users"]);
  });

  it("names one owner for every table of the schema", () => {
    const tables = schemaTables();
    expect(tables.length).toBeGreaterThan(40);
    expect(tables.filter((table) => !TABLE_OWNERS[table])).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((table) => !tables.includes(table))).toEqual([]);
  });

  it("lets only a table's owner query it, apart from the shares by design and the listed debt", () => {
    const found: Record<string, string[]> = {};
    for (const file of sources(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join("/");
      if (relative.startsWith("db/")) continue;
      const foreign = [...tablesQueried(readFileSync(file, "utf8"))]
        .filter((table) => TABLE_OWNERS[table] !== areaOf(relative))
        .sort();
      if (foreign.length > 0) found[relative] = foreign;
    }
    const debt: Record<string, string[]> = {};
    for (const [file, tables] of Object.entries(found)) {
      const owed = tables.filter((table) => !SHARED_BY_DESIGN[file]?.includes(table));
      if (owed.length > 0) debt[file] = owed;
    }
    expect(debt).toEqual(NOT_YET_OWNED);
  });
});
