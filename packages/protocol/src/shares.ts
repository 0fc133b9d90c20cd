/** Enumerations of sharing (spec §4, reference API "Shares"). */

/** Share-link check results (spec §4), the `share_status` of every share call. */
export const SHARE_STATUSES = [
  "OK",
  "PASS_CODE_EMPTY",
  "PASS_CODE_ERROR",
  "MAX_RESTORE_COUNT",
  "EXPIRED",
  "DELETED",
  "SENSITIVE_RESOURCE",
  "SENSITIVE_WORD",
  "AUDITING",
  "NOT_FOUND",
  "PROHIBITED",
] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

/** Restore (save to my drive) states (spec §4). */
export const RESTORE_STATUSES = ["RESTORE_UNKNOWN", "RESTORE_START", "RESTORE_COMPLETE"] as const;
export type RestoreStatus = (typeof RESTORE_STATUSES)[number];

export const PASS_CODE_OPTIONS = ["REQUIRED", "NOT_REQUIRED"] as const;
export type PassCodeOption = (typeof PASS_CODE_OPTIONS)[number];

/** `share_to`: a public link or one protected by a passcode (reference API). */
export const SHARE_TARGETS = ["publiclink", "encryptedlink"] as const;

/** A passcode token is accepted for 12 hours (spec §9: its cookie lives 720 × 60 s). */
export const PASS_CODE_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

/** Passcodes: generated ones are 8 characters (40 bits); chosen ones 4–16 letters or digits. */
export const PASS_CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;

/** Why a visitor reports a share ("Report abuse"). */
export const SHARE_REPORT_REASONS = ["copyright", "porn", "violence", "spam", "illegal", "other"] as const;
export type ShareReportReason = (typeof SHARE_REPORT_REASONS)[number];

/** What an admin's audit call marks content as: `PROHIBITED` or `SENSITIVE_RESOURCE` shares. */
export const AUDIT_VERDICTS = ["PROHIBITED", "SENSITIVE_RESOURCE"] as const;
export type AuditVerdict = (typeof AUDIT_VERDICTS)[number];
