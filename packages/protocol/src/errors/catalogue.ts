/**
 * The one error catalogue of Nimbus: every numbered code of spec §8 plus the drive
 * codes the service needs. `code` is the number sent as `error_code`; drive codes
 * reuse the number of their gRPC-style family (as the real service does), so
 * `error` (the name) is what identifies an error uniquely. `status` is the HTTP
 * status a server answers with. `origin: "client"` marks codes that only client
 * code produces (a request that never reached a server).
 */
export interface ErrorSpec {
  readonly code: number;
  readonly status: number;
  readonly origin?: "client";
}

export const ERROR_CATALOGUE = {
  // Generic codes (spec §8, gRPC canonical numbering).
  cancelled: { code: 1, status: 499 },
  unknown: { code: 2, status: 500 },
  invalid_argument: { code: 3, status: 400 },
  deadline_exceeded: { code: 4, status: 504 },
  not_found: { code: 5, status: 404 },
  already_exists: { code: 6, status: 409 },
  permission_denied: { code: 7, status: 403 },
  resource_exhausted: { code: 8, status: 429 },
  failed_precondition: { code: 9, status: 400 },
  aborted: { code: 10, status: 409 },
  out_of_range: { code: 11, status: 400 },
  unimplemented: { code: 12, status: 501 },
  internal: { code: 13, status: 500 },
  unavailable: { code: 14, status: 503 },
  data_loss: { code: 15, status: 500 },
  unauthenticated: { code: 16, status: 401 },

  // Account, captcha and sign-in codes (spec §8).
  captcha_required: { code: 4001, status: 401 },
  captcha_invalid: { code: 4002, status: 401 },
  invalid_password: { code: 4010, status: 400 },
  invalid_status: { code: 4011, status: 403 },
  user_pending: { code: 4012, status: 403 },
  user_blocked: { code: 4013, status: 403 },
  invalid_verification_code: { code: 4014, status: 400 },
  two_factor_required: { code: 4015, status: 401 },
  invalid_two_factor: { code: 4016, status: 400 },
  invalid_two_factor_recovery: { code: 4017, status: 400 },
  under_review: { code: 4018, status: 403 },
  provider_error: { code: 4019, status: 502 },
  validate_required: { code: 4020, status: 403 },
  password_reset_required: { code: 4021, status: 403 },
  invalid_account_or_password: { code: 4022, status: 401 },
  user_not_exist: { code: 4023, status: 404 },
  expired_verification_code: { code: 4024, status: 400 },

  // OAuth 2.0 / OpenID Connect codes (spec §8).
  invalid_request: { code: 4121, status: 400 },
  unauthorized_client: { code: 4122, status: 400 },
  access_denied: { code: 4123, status: 403 },
  unsupported_response_type: { code: 4124, status: 400 },
  invalid_scope: { code: 4125, status: 400 },
  invalid_grant: { code: 4126, status: 400 },
  server_error: { code: 5026, status: 500 },
  temporarily_unavailable: { code: 5027, status: 503 },
  authorization_pending: { code: 4050, status: 400 },
  slow_down: { code: 4051, status: 400 },
  expired_token: { code: 4052, status: 400 },
  interaction_required: { code: 4031, status: 400 },
  login_required: { code: 4032, status: 401 },
  account_selection_required: { code: 4033, status: 400 },
  consent_required: { code: 4034, status: 403 },
  invalid_request_uri: { code: 4035, status: 400 },
  invalid_request_object: { code: 4036, status: 400 },
  request_not_supported: { code: 4037, status: 400 },
  request_uri_not_supported: { code: 4038, status: 400 },
  registration_not_supported: { code: 4039, status: 400 },
  account_freeze: { code: 50, status: 403 },
  cannot_unlock: { code: 38, status: 403 },

  // Produced by clients only (spec §8).
  unreachable: { code: 8000, status: 503, origin: "client" },
  local: { code: 8001, status: 400, origin: "client" },

  // HTTP-level failures, answered in the same object.
  route_not_found: { code: 5, status: 404 },
  method_not_allowed: { code: 12, status: 405 },
  payload_too_large: { code: 3, status: 413 },
  unsupported_media_type: { code: 3, status: 415 },
  invalid_json: { code: 3, status: 400 },
  too_many_requests: { code: 8, status: 429 },

  // Drive codes (names follow the real service where public clients show them).
  file_not_found: { code: 5, status: 404 },
  file_name_conflict: { code: 6, status: 409 },
  file_name_invalid: { code: 3, status: 400 },
  file_parent_invalid: { code: 9, status: 400 },
  file_move_into_itself: { code: 9, status: 400 },
  file_copy_into_itself: { code: 9, status: 400 },
  file_in_trash: { code: 9, status: 400 },
  file_not_ready: { code: 9, status: 409 },
  file_space_not_enough: { code: 8, status: 403 },
  file_too_large: { code: 11, status: 413 },
  /** The server's own storage (disk or database volume) is full: not the user's quota. */
  insufficient_storage: { code: 8, status: 507 },
  file_hash_mismatch: { code: 3, status: 400 },
  file_size_mismatch: { code: 3, status: 400 },
  upload_not_found: { code: 5, status: 404 },
  upload_challenge_failed: { code: 7, status: 403 },
  invalid_page_token: { code: 3, status: 400 },
  invalid_filters: { code: 3, status: 400 },
  range_not_satisfiable: { code: 11, status: 416 },
  /** A conditional request's If-Match or If-Unmodified-Since did not hold (RFC 9110 §13.1). */
  precondition_failed: { code: 9, status: 412 },
  link_expired: { code: 7, status: 403 },
  traffic_not_enough: { code: 8, status: 403 },
  task_not_found: { code: 5, status: 404 },
  task_daily_create_limit: { code: 11, status: 429 },
  task_interrupted: { code: 10, status: 409 },

  // Cloud download (offline tasks).
  offline_link_unsupported: { code: 3, status: 400 },
  offline_link_invalid: { code: 3, status: 400 },
  offline_address_refused: { code: 7, status: 403 },
  offline_fetch_failed: { code: 14, status: 502 },
  offline_fetch_timeout: { code: 4, status: 504 },

  // Archives (decompress service).
  archive_unsupported: { code: 3, status: 400 },
  archive_damaged: { code: 3, status: 400 },
  archive_password_required: { code: 9, status: 400 },
  archive_password_invalid: { code: 3, status: 400 },
  archive_too_many_entries: { code: 11, status: 413 },
  archive_too_large: { code: 11, status: 413 },
  archive_ratio_suspicious: { code: 11, status: 413 },
  archive_too_deep: { code: 11, status: 413 },
  // A preview (video, PDF, archive) whose program this server has not got.
  preview_not_set_up: { code: 12, status: 501 },

  // Playback (decision 0060).
  /** The file is not audio or video ffprobe can read. */
  file_not_playable: { code: 9, status: 400 },
  /** A rendition above what the caller's membership plays (free users: 720p and below by default). */
  playback_rendition_locked: { code: 7, status: 403 },
  /** Every transcode slot of this server is taken. */
  playback_server_busy: { code: 14, status: 503 },
  /** The caller already runs as many transcodes as one user may. */
  playback_user_limit: { code: 8, status: 429 },
  /** An image subtitle (PGS, VobSub), or a broken subtitle file, has no WebVTT: it can only be burned in. */
  subtitle_not_convertible: { code: 9, status: 400 },

  // Sharing.
  share_unavailable: { code: 9, status: 403 },
  share_pass_code_cooling_down: { code: 8, status: 429 },

  // Membership rewards (activation codes, check-in, activities).
  activation_code_invalid: { code: 3, status: 400 },
  activation_code_used: { code: 6, status: 409 },
  activation_code_expired: { code: 9, status: 410 },
  activation_code_revoked: { code: 9, status: 410 },
  check_in_done_today: { code: 6, status: 409 },
  activity_not_found: { code: 5, status: 404 },
  compensation_not_eligible: { code: 7, status: 403 },
  compensation_claimed: { code: 6, status: 409 },
  // Membership and payments.
  product_not_found: { code: 5, status: 404 },
  order_not_found: { code: 5, status: 404 },
  order_not_payable: { code: 9, status: 409 },
  payment_signature_invalid: { code: 3, status: 400 },
  payment_provider_unavailable: { code: 14, status: 503 },
  subscription_not_found: { code: 5, status: 404 },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorName = keyof typeof ERROR_CATALOGUE;

export const ERROR_NAMES = Object.keys(ERROR_CATALOGUE) as ErrorName[];

export function isErrorName(value: unknown): value is ErrorName {
  return typeof value === "string" && Object.hasOwn(ERROR_CATALOGUE, value);
}

/** The catalogue entry for a name; unknown names fall back to `unknown`. */
export function errorSpec(name: string): ErrorSpec {
  return isErrorName(name) ? ERROR_CATALOGUE[name] : ERROR_CATALOGUE.unknown;
}
