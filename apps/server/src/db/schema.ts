import type { Generated, Selectable } from "kysely";

/**
 * Table types for Kysely. Times are epoch milliseconds and byte counts are
 * integers (bigint columns, read back as numbers on both dialects). Flags are
 * nullable timestamps (`trashed_at`, `starred_at`) so no boolean type differs
 * between SQLite and Postgres.
 */
export interface Tables {
  users: UsersTable;
  user_settings: UserSettingsTable;
  app_passwords: AppPasswordsTable;
  dav_properties: DavPropertiesTable;
  dav_locks: DavLocksTable;
  sessions: SessionsTable;
  blobs: BlobsTable;
  files: FilesTable;
  uploads: UploadsTable;
  upload_challenges: UploadChallengesTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  external_identities: ExternalIdentitiesTable;
  external_signins: ExternalSigninsTable;
  space_holds: SpaceHoldsTable;
  tasks: TasksTable;
  events: EventsTable;
  blob_orphans: BlobOrphansTable;
  download_traffic: DownloadTrafficTable;
  blob_media: BlobMediaTable;
  blob_thumbnails: BlobThumbnailsTable;
  playback_positions: PlaybackPositionsTable;
  playback_preferences: PlaybackPreferencesTable;
  verifications: VerificationsTable;
  recovery_codes: RecoveryCodesTable;
  two_factor_tokens: TwoFactorTokensTable;
  signin_guards: SigninGuardsTable;
  auth_codes: AuthCodesTable;
  device_codes: DeviceCodesTable;
  user_avatars: UserAvatarsTable;
  mail_unsubscribes: MailUnsubscribesTable;
  shares: SharesTable;
  share_files: ShareFilesTable;
  blocked_gcids: BlockedGcidsTable;
  share_reports: ShareReportsTable;
  activation_code_batches: ActivationCodeBatchesTable;
  activation_codes: ActivationCodesTable;
  invite_codes: InviteCodesTable;
  invite_claims: InviteClaimsTable;
  check_ins: CheckInsTable;
  remote_config: RemoteConfigTable;
  admin_actions: AdminActionsTable;
  feedback: FeedbackTable;
  feedback_replies: FeedbackRepliesTable;
  app_download_counts: AppDownloadCountsTable;
  entitlement_grants: EntitlementGrantsTable;
  products: ProductsTable;
  product_prices: ProductPricesTable;
  campaign_prices: CampaignPricesTable;
  orders: OrdersTable;
  subscriptions: SubscriptionsTable;
  payment_events: PaymentEventsTable;
  offline_contents: OfflineContentsTable;
  offline_folders: OfflineFoldersTable;
  sensitive_words: SensitiveWordsTable;
  campaign_windows: CampaignWindowsTable;
}

/** A finished cloud download's stored files by content key (migration 0011, instant cloud download). */
export interface OfflineContentsTable {
  content_key: string;
  file_index: number;
  /** Slash-joined path inside the result (one segment for a web file). */
  path: string;
  gcid: string;
  size: number;
  created_at: number;
}

/** Each user's "My Downloads" folder, created on first use (migration 0011). */
export interface OfflineFoldersTable {
  user_id: string;
  folder_id: string;
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
  /** One of the 11 locales: mail and pages for this user (migration 0006; `PATCH /v1/user/me`). */
  locale: Generated<string>;
  /** The current avatar's version (`user_avatars`), null when none (migration 0006). */
  avatar_version: Generated<string | null>;
  /** Sign-in by phone (`+digits`) or username besides email; '' email for a phone-only account (migration 0005). */
  phone: Generated<string | null>;
  username: Generated<string | null>;
  /** Base32 TOTP secret once two-factor is on; the pending one during enrolment. */
  totp_secret: Generated<string | null>;
  totp_pending_secret: Generated<string | null>;
  totp_enabled_at: Generated<number | null>;
  /** The last TOTP time step accepted, so a code is never accepted twice. */
  totp_last_step: Generated<number | null>;
  /** Set: sign-in answers `password_reset_required` until a reset by code. */
  password_reset_required_at: Generated<number | null>;
  /** `user` or `admin` (an operator sets it); `/audit` calls check it (migration 0007). */
  role: Generated<string>;
  /** A pending deletion: sign-in answers `under_review` until cancelled; deleted after `deletion_due_at`. */
  deletion_requested_at: Generated<number | null>;
  deletion_due_at: Generated<number | null>;
  /** Bumped when every session ends (sign out everywhere, password change): signed links carry it (migration 0009). */
  session_generation: Generated<number>;
  /** The attribution and referrers sent with sign-up, JSON; null when none came (migration 0021). */
  signup_attribution: Generated<string | null>;
  created_at: number;
  updated_at: number;
}

/** A user setting of spec §3 the user changed; absent names have their default (migration 0021). */
export interface UserSettingsTable {
  user_id: string;
  name: string;
  /** The JSON value. */
  value: string;
  updated_at: number;
}

/** A password of one app a user connected over WebDAV; deleted when revoked (migration 0027). */
export interface AppPasswordsTable {
  id: string;
  user_id: string;
  name: string;
  /** SHA-256 of the password, hex. */
  secret_hash: string;
  created_at: number;
  last_used_at: number | null;
  /** The address of the last use; empty before it. */
  last_ip: Generated<string>;
}

/** A WebDAV dead property of a file or folder ('' the root), set with PROPPATCH (migration 0028). */
export interface DavPropertiesTable {
  user_id: string;
  file_id: string;
  ns: string;
  name: string;
  /** The content of the property element as sent (XML). */
  value: string;
  /** JSON object: the namespace declarations in scope where it was sent (prefix → URI, '' the default). */
  namespaces: string;
  updated_at: number;
}

/** A WebDAV write lock on a path of a user's drive (migration 0031). */
export interface DavLocksTable {
  /** `opaquelocktoken:<uuid>`. */
  token: string;
  user_id: string;
  /** Decoded names joined by `/`; '' the root. */
  path: string;
  /** `0` or `infinity`. */
  depth: string;
  /** `exclusive` or `shared`. */
  scope: string;
  /** The `DAV:owner` element's content as sent (XML), '' without one. */
  owner: string;
  timeout_seconds: number;
  created_at: number;
  expires_at: number;
}

/** A sent verification code and, once verified, its one-use token (migration 0005). */
export interface VerificationsTable {
  id: string;
  usage: string;
  /** `email` or `sms`. */
  channel: string;
  /** Normalized email or `+digits` phone. */
  target: string;
  user_id: string | null;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: number;
  token_hash: string | null;
  token_expires_at: number | null;
  consumed_at: number | null;
  created_at: number;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: number | null;
  created_at: number;
}

/** The second step of a sign-in: proven first factor, waiting for a TOTP or recovery code. */
export interface TwoFactorTokensTable {
  token_hash: string;
  user_id: string;
  client_id: string;
  account_key: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** Failed sign-ins per normalized account (known or not) and the freeze they lead to. */
export interface SigninGuardsTable {
  account_key: string;
  failures: number;
  window_started_at: number;
  frozen_until: number | null;
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
  /**
   * The sign-in this token pair descends from (migration 0006): a refresh revokes its row
   * and inserts the next one with the same family; reusing a rotated refresh token revokes
   * the whole family. The sessions list shows one entry per live family.
   */
  family_id: string;
  /** When the family's sign-in happened (copied along rotations). */
  family_created_at: number;
  /** Set when a refresh replaced this row (its refresh token is then a reuse signal). */
  rotated_at: number | null;
  /** Space-separated granted scopes. */
  scope: string;
  /** `x-device-id`, client IP and user agent at sign-in ('' when unknown). */
  device_id: string;
  ip: string;
  user_agent: string;
}

/** One-time authorization codes for the hand-offs (migration 0006); only the hash is kept. */
export interface AuthCodesTable {
  code_hash: string;
  user_id: string;
  /** The client that may exchange it. */
  client_id: string;
  scope: string;
  /** PKCE S256 challenge, null when the code needs no verifier. */
  code_challenge: string | null;
  redirect_uri: string | null;
  expires_at: number;
  used_at: number | null;
  created_at: number;
  /** The session family the code issued, minted when it is spent (migration 0008). */
  family_id: Generated<string | null>;
  /** Set when a spent code is presented again: its family is revoked (migration 0008). */
  reused_at: Generated<number | null>;
}

/** RFC 8628 device authorizations (migration 0006). */
export interface DeviceCodesTable {
  device_code_hash: string;
  /** Normalized (8 letters, no dash). */
  user_code: string;
  client_id: string;
  scope: string;
  /** pending | approved | denied | consumed */
  state: string;
  /** Who approved or denied it. */
  user_id: string | null;
  interval_s: number;
  last_polled_at: number | null;
  expires_at: number;
  created_at: number;
}

/** Resized avatars (migration 0006): WebP bytes per user, version and size. */
export interface UserAvatarsTable {
  user_id: string;
  version: string;
  size: number;
  content: Uint8Array;
  created_at: number;
}

/** Addresses that unsubscribed from a mail scene (migration 0006). */
export interface MailUnsubscribesTable {
  email: string;
  scene: string;
  created_at: number;
}

export interface BlobsTable {
  gcid: string;
  /** Lowercase hex; NULL until an instant-upload claim first needs it (migration 0017, decision 0009). */
  sha256: string | null;
  size: number;
  /** CRC-32 of the bytes; NULL until a zip download first computes it (migration 0032, decision 0066). */
  crc32: number | null;
  /** SHA-256 over each GCID block's SHA-256, lowercase hex; NULL until a claim needs it (migration 0035, decision 0071). */
  block_sha256: string | null;
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
  /** Jobs of one group (e.g. one user's) run at most `perGroup` at once. */
  group_key: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/** The interval slot a periodic job type was last enqueued for (one node per slot). */
export interface JobSchedulesTable {
  type: string;
  last_slot: number;
  updated_at: number;
}

/** Storage held for background work that will add bytes to a drive (`users.storage_reserved`). */
export interface SpaceHoldsTable {
  id: string;
  user_id: string;
  bytes: number;
  created_at: number;
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
  /** ffprobe's format name ("matroska,webm"…); NULL when probed before migration 0029. */
  container: string | null;
  /** Every stream as JSON (`MediaStream[]`, modules/playback/media-streams.ts); NULL when probed before 0029. */
  streams: string | null;
  updated_at: number;
}

/** Where a user stopped in a file and the tracks they chose there (migration 0030). */
export interface PlaybackPositionsTable {
  file_id: string;
  user_id: string;
  /** Equal to `duration_ms` once played to the end (the next play starts at 0). */
  position_ms: number;
  duration_ms: number;
  /** The audio stream's index; NULL when none was chosen. */
  audio_track: number | null;
  /** The subtitle id ("s3", "f<fileId>"), '' for off; NULL when none was chosen. */
  subtitle: string | null;
  updated_at: number;
}

/** The audio and subtitle languages a user last picked (ISO 639-2, '' subtitles off; migration 0030). */
export interface PlaybackPreferencesTable {
  user_id: string;
  audio_language: string | null;
  subtitle_language: string | null;
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
  /** Block SHA-256 the client declared (migration 0035, decision 0071). */
  declared_block_sha256: string | null;
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

/** A share link (modules/shares): settings, counters, review state; `deleted_at` once cancelled. */
export interface SharesTable {
  id: string;
  user_id: string;
  title: string;
  /** publiclink | encryptedlink */
  share_to: string;
  /** '' when no passcode is needed. */
  pass_code: string;
  file_count: number;
  expiration_days: number;
  expires_at: number | null;
  /** -1 unlimited. */
  restore_limit: number;
  restore_count: Generated<number>;
  view_count: Generated<number>;
  download_count: Generated<number>;
  /** none | pending | approved | rejected */
  review: string;
  deleted_at: number | null;
  created_at: number;
}

/** The snapshot of a share: the owner's item ids it names, in their order. */
export interface ShareFilesTable {
  share_id: string;
  file_id: string;
  position: number;
}

/** Content an admin blocked by GCID in every share (`verdict`: PROHIBITED | SENSITIVE_RESOURCE). */
export interface BlockedGcidsTable {
  gcid: string;
  verdict: string;
  blocked_by: string;
  created_at: number;
}

/** "Report abuse" on a share page, kept for admins. */
export interface ShareReportsTable {
  id: string;
  share_id: string;
  reporter_user_id: string;
  reporter_ip: string;
  reason: string;
  description: string;
  created_at: number;
  /** When an admin blocked content of the reported share (migration 0018); null while open. */
  actioned_at: Generated<number | null>;
  /** When an admin dismissed the report without blocking anything (migration 0033); null otherwise. */
  dismissed_at: Generated<number | null>;
  dismissed_by: Generated<string | null>;
}

/** A batch of activation codes an admin made (migration 0014): what each code grants, until when. */
export interface ActivationCodeBatchesTable {
  id: string;
  note: string;
  premium_days: number;
  storage_bytes: number;
  traffic_bytes: number;
  code_count: number;
  expires_at: number | null;
  created_by: string;
  created_at: number;
  revoked_at: number | null;
}

/** One single-use activation code: its keyed hash, and the code sealed for the batch export. */
export interface ActivationCodesTable {
  code_hash: string;
  batch_id: string;
  sealed_code: string;
  redeemed_by: string | null;
  redeemed_at: number | null;
  revoked_at: number | null;
}

/** Every user's invite code (made on first use). */
export interface InviteCodesTable {
  user_id: string;
  code: string;
  created_at: number;
}

/** The one invite activity claim of a user: who invited them, the days each side got, or why none. */
export interface InviteClaimsTable {
  user_id: string;
  inviter_id: string | null;
  free_days: number;
  inviter_days: number;
  /** Why the invite earned nothing (`same_device`, `same_address`, `same_email`, `monthly_cap`), else null. */
  refused: string | null;
  /** The claimant's email, normalised (case, dots, `+tag`), to spot one person's many accounts. */
  email_key: string;
  /** Sign-up attribution the web sent (`from`, `tf`, …) as JSON. */
  source: string;
  created_at: number;
}

/** One daily check-in (`day`: YYYY-MM-DD in `time_zone`). */
export interface CheckInsTable {
  user_id: string;
  day: string;
  streak: number;
  time_zone: string;
  reward_kind: string;
  reward_amount: number;
  created_at: number;
}

/** Versions of the remote config document (migration 0015, decision 0029). */
export interface RemoteConfigTable {
  version: number;
  /** JSON of `RemoteConfigDocument`. */
  document: string;
  author_user_id: string;
  note: string;
  rolled_back_at: number | null;
  created_at: number;
}

/** Every admin action: who, what, on what, from where, when (migration 0015). */
/** A campaign's window as an admin set it; it wins over `REWARD_CAMPAIGNS` and the catalogue's windows. */
export interface CampaignWindowsTable {
  id: string;
  starts_at: number;
  ends_at: number;
  updated_by: string;
  updated_at: number;
}

/** A word an admin added to the share check (`SHARE_SENSITIVE_WORDS` are not stored). */
export interface SensitiveWordsTable {
  /** Lower-cased. */
  word: string;
  created_by: string;
  created_at: number;
}

export interface AdminActionsTable {
  id: string;
  admin_user_id: string;
  action: string;
  target: string;
  /** JSON. */
  detail: string;
  ip: string;
  created_at: number;
}

export interface FeedbackTable {
  id: string;
  user_id: string;
  category: string;
  text: string;
  /** JSON array of file ids. */
  file_ids: string;
  /** JSON object, `{}` when the user sent none. */
  diagnostics: string;
  /** open | answered */
  status: string;
  created_at: number;
}

export interface FeedbackRepliesTable {
  id: string;
  feedback_id: string;
  admin_user_id: string;
  text: string;
  created_at: number;
}

/** Clicks on `/downloads/app/{platform}` (migration 0015). */
export interface AppDownloadCountsTable {
  platform: string;
  count: Generated<number>;
}
/**
 * The membership ledger (migration 0013): one row per thing granted. Premium days stack
 * (each grant extends from the expiry before it); packs and task caps count while
 * `starts_at <= now < ends_at`. Unique by (source, source_ref), so a replay grants once.
 */
export interface EntitlementGrantsTable {
  id: string;
  user_id: string;
  /** purchase | renewal | activation_code | invite | check_in | campaign | compensation | admin */
  source: string;
  /** The order, invoice, code, invite … it came from. */
  source_ref: string;
  /** `platinum`, or null for a grant without premium. */
  premium_type: string | null;
  premium_days: Generated<number>;
  storage_bytes: Generated<number>;
  traffic_bytes: Generated<number>;
  offline_tasks_per_day: Generated<number>;
  starts_at: number;
  /** End of a pack's validity; for premium the stacked end as of the grant (informational). */
  ends_at: number | null;
  revoked_at: number | null;
  created_at: number;
  /** Who made it: a user id (an admin), or null for the system. */
  created_by: string | null;
}

/** What the shop sells (migration 0013); seeded at start from the defaults or `PRODUCTS_FILE`. */
export interface ProductsTable {
  id: string;
  /** plan | storage_pack | traffic_pack */
  kind: string;
  name_key: string;
  /** month | year, null for a one-time pack. */
  period: string | null;
  recurring: Generated<number>;
  premium_type: string | null;
  premium_days: Generated<number>;
  storage_bytes: Generated<number>;
  traffic_bytes: Generated<number>;
  /** Days a pack lasts; 0 for a plan (its days are `premium_days`). */
  valid_days: Generated<number>;
  sort: Generated<number>;
  active: Generated<number>;
}

/** A product's list price per currency, in minor units. */
export interface ProductPricesTable {
  product_id: string;
  currency: string;
  amount: number;
  /** When an admin set this price (the start-up seed keeps it); null for a seeded price. */
  edited_at: number | null;
}

/** A campaign's price, charged only while `starts_at <= now < ends_at`. */
export interface CampaignPricesTable {
  campaign_id: string;
  product_id: string;
  currency: string;
  amount: number;
  /** Null: the price follows its campaign's configured window (`REWARD_CAMPAIGNS`, migration 0026). */
  starts_at: number | null;
  ends_at: number | null;
}

/** One purchase (`status`: pending | paid | declined | refunded | cancelled | expired). */
export interface OrdersTable {
  id: string;
  user_id: string;
  product_id: string;
  status: string;
  amount: number;
  currency: string;
  campaign_id: string | null;
  /** sandbox | stripe */
  provider: string;
  /** The provider's id of the checkout (a Stripe Checkout Session). */
  provider_ref: string | null;
  /** The provider's id of the payment (a Stripe PaymentIntent), so a refund finds its order. */
  provider_payment: string | null;
  subscription_id: string | null;
  /** `purchase` (a checkout), or `renewal` (a subscription's later period, made by the provider's event). */
  kind: Generated<string>;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
  /** Set in the transaction that writes the order's grant; paid without it is repaired by the reconcile job. */
  granted_at: number | null;
  refunded_at: number | null;
}

/** A renewing plan at a provider (`status`: active | cancelled | ended). */
export interface SubscriptionsTable {
  id: string;
  user_id: string;
  product_id: string;
  provider: string;
  provider_ref: string | null;
  status: string;
  current_period_end: number | null;
  cancel_at_period_end: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** Every provider event handled, so a redelivery is recognised (idempotency by event id). */
export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  type: string;
  order_id: string | null;
  received_at: number;
}

export type GrantRow = Selectable<EntitlementGrantsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type OrderRow = Selectable<OrdersTable>;

export interface ExternalIdentitiesTable {
  /** The operator's id of the provider (`OIDC_PROVIDERS[].id`). */
  provider: string;
  /** The provider's `sub` for this person. */
  subject: string;
  user_id: string;
  /** The verified email the provider gave when linked. */
  email: string;
  created_at: number;
}

export interface ExternalSigninsTable {
  state: string;
  provider: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  link_user_id: string | null;
  created_at: number;
}
