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
  uploads: UploadsTable;
  upload_challenges: UploadChallengesTable;
  jobs: JobsTable;
  tasks: TasksTable;
  events: EventsTable;
  blob_orphans: BlobOrphansTable;
  download_traffic: DownloadTrafficTable;
  blob_media: BlobMediaTable;
  blob_thumbnails: BlobThumbnailsTable;
}

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  status: string;
  vip_type: string;
  storage_usage: Generated<number>;
  /** Bytes held for uploads in progress (modules/uploads); usage + reserved never exceeds the limit. */
  storage_reserved: Generated<number>;
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
  /** `foldName(name)`, for case-insensitive search; FilesRepository.insert fills it. */
  name_folded: string;
  /** On an item trashed explicitly: JSON array of its ancestors' names then (root first). */
  trash_path: string | null;
}

/** A user-visible `drive#task` (modules/tasks). */
export interface TasksTable {
  id: string;
  user_id: string;
  type: string;
  name: string;
  phase: string;
  progress: number;
  file_id: string;
  file_name: string;
  message: string;
  /** JSON object of strings. */
  params: string;
  created_at: number;
  updated_at: number;
}

/** The recent-activity feed (`drive#event`). */
export interface EventsTable {
  id: string;
  user_id: string;
  type: string;
  file_id: string;
  file_name: string;
  file_kind: string;
  parent_id: string;
  created_at: number;
}

/** Store keys seen without a `blobs` row, and since when (blob GC deletes them after the grace period). */
export interface BlobOrphansTable {
  gcid: string;
  first_seen_at: number;
}

/** The persisted job queue (jobs/database-job-queue.ts). */
export interface JobsTable {
  id: string;
  type: string;
  /** JSON. */
  payload: string;
  /** Unique while the job is pending or running; cleared when it finishes. */
  key: string | null;
  /** pending | running | failed (done jobs are deleted). */
  state: string;
  attempts: number;
  max_attempts: number;
  run_at: number;
  locked_until: number | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/** Bytes served to a user in one calendar month (UTC, `period` = YYYY-MM). */
export interface DownloadTrafficTable {
  user_id: string;
  period: string;
  bytes: number;
}

/** What ffprobe found in a blob, probed once (`state`: ready | none | failed). */
export interface BlobMediaTable {
  gcid: string;
  state: string;
  duration_ms: number | null;
  width: number | null;
  height: number | null;
  video_codec: string | null;
  audio_codec: string | null;
  bit_rate: number | null;
  frame_rate: string | null;
  updated_at: number;
}

/** A thumbnail of a blob at one size, itself stored as a blob (`thumbnail_gcid`, one reference). */
export interface BlobThumbnailsTable {
  gcid: string;
  size: string;
  thumbnail_gcid: string;
  mime_type: string;
  width: number;
  height: number;
  created_at: number;
}

/** One upload session (form or tus) and the pending file it fills (modules/uploads). */
export interface UploadsTable {
  id: string;
  user_id: string;
  file_id: string;
  /** form | resumable */
  kind: string;
  /** active (its size is reserved) | complete | failed */
  state: string;
  size: number;
  declared_gcid: string | null;
  declared_sha256: string | null;
  created_at: number;
  /** Pushed back by every request; past it the upload is cleaned. */
  expires_at: number;
}

/** An instant-upload challenge: the SHA-1 of this inclusive byte range proves possession. */
export interface UploadChallengesTable {
  id: string;
  user_id: string;
  upload_id: string;
  range_start: number;
  range_end: number;
  expires_at: number;
}
