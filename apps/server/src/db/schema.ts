import type { Generated } from "kysely";

/**
 * Table types for Kysely. Times are epoch milliseconds and byte counts are
 * integers (bigint columns, read back as numbers on both dialects). Flags are
 * nullable timestamps (`trashed_at`, `starred_at`) so no boolean type differs
 * between SQLite and Postgres.
 */
export interface Tables {
  users: UsersTable;
  sessions: SessionsTable;
  blobs: BlobsTable;
  files: FilesTable;
}

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  status: string;
  vip_type: string;
  storage_usage: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  client_id: string;
  access_token_hash: string;
  access_expires_at: number;
  refresh_token_hash: string;
  refresh_expires_at: number;
  created_at: number;
  last_used_at: number;
  revoked_at: number | null;
}

export interface BlobsTable {
  gcid: string;
  sha256: string;
  size: number;
  ref_count: number;
  created_at: number;
  unreferenced_at: number | null;
}

export interface FilesTable {
  id: string;
  user_id: string;
  /** '' is the root of the user's drive. */
  parent_id: string;
  kind: string;
  name: string;
  size: number;
  blob_gcid: string | null;
  mime_type: string;
  phase: string;
  trashed_at: number | null;
  starred_at: number | null;
  created_at: number;
  modified_at: number;
}
