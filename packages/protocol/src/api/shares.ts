import { z } from "zod";
import { MAX_BATCH_IDS, MAX_PAGE_LIMIT, THUMBNAIL_SIZES } from "../drive.js";
import {
  AUDIT_VERDICTS,
  PASS_CODE_OPTIONS,
  PASS_CODE_PATTERN,
  RESTORE_STATUSES,
  SHARE_REPORT_REASONS,
  SHARE_STATUSES,
  SHARE_TARGETS,
} from "../shares.js";
import { int64String } from "./common.js";
import { fileSchema } from "./files.js";

const idSchema = z.string().min(1).max(64);
const shareIdSchema = z.string().min(1).max(64);
const passCodeTokenSchema = z.string().max(512);
/** A count or limit that travels as a JSON number or a decimal string (as public clients send it). */
const intInput = z.union([z.number().int(), z.string().regex(/^-?\d{1,9}$/)]).transform(Number);

// ---------------------------------------------------------------- owner calls

/** `POST /drive/v1/share`. */
export const createShareRequestSchema = z.object({
  file_ids: z.array(idSchema).min(1).max(MAX_BATCH_IDS),
  share_to: z.enum(SHARE_TARGETS).optional(),
  pass_code_option: z.enum(PASS_CODE_OPTIONS).default("NOT_REQUIRED"),
  /** A chosen passcode (4–16 letters or digits); generated when absent and required. */
  pass_code: z.string().regex(PASS_CODE_PATTERN).optional(),
  /** Days until the link expires; -1 never. */
  expiration_days: intInput.pipe(z.number().int().min(-1).max(3650)).default(-1),
  /** Most saves the share allows; -1 unlimited. */
  restore_limit: intInput.pipe(z.number().int().min(-1).max(1_000_000_000)).default(-1),
  title: z.string().max(255).optional(),
});
export type CreateShareRequest = z.input<typeof createShareRequestSchema>;

export const createShareResponseSchema = z.object({
  share_id: z.string(),
  share_url: z.string(),
  /** '' when the link needs no passcode. */
  pass_code: z.string(),
  /** Ready-to-paste text: title, link and passcode. */
  share_text: z.string(),
});
export type CreateShareResponse = z.infer<typeof createShareResponseSchema>;

/** One of my shares (`GET /drive/v1/share/list`). */
export const shareSchema = z.object({
  kind: z.literal("drive#share"),
  share_id: z.string(),
  share_url: z.string(),
  share_to: z.enum(SHARE_TARGETS),
  title: z.string(),
  pass_code: z.string(),
  pass_code_option: z.enum(PASS_CODE_OPTIONS),
  /** This share's state as a visitor with the passcode would see it. */
  share_status: z.enum(SHARE_STATUSES),
  file_num: int64String,
  /** The first shared item (for an icon). */
  file_id: z.string(),
  expiration_days: z.string(),
  /** RFC 3339, '' when it never expires. */
  expiration_time: z.string(),
  restore_limit: z.string(),
  view_count: int64String,
  restore_count: int64String,
  download_count: int64String,
  create_time: z.string(),
  /** Too many wrong passcodes this hour: typed passcodes are refused until it passes. */
  pass_code_cooling_down: z.boolean(),
});
export type Share = z.infer<typeof shareSchema>;

export const listSharesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).optional(),
  page_token: z.string().max(2048).optional(),
});

export const shareListSchema = z.object({
  kind: z.literal("drive#shareList"),
  data: z.array(shareSchema),
  next_page_token: z.string(),
});
export type ShareList = z.infer<typeof shareListSchema>;

/** `POST /drive/v1/share:batchDelete`: cancel my shares (the links then answer `DELETED`). */
export const deleteSharesRequestSchema = z.object({ ids: z.array(shareIdSchema).min(1).max(MAX_BATCH_IDS) });
export type DeleteSharesRequest = z.infer<typeof deleteSharesRequestSchema>;

// -------------------------------------------------------------- visitor calls

export const shareUserInfoSchema = z.object({
  user_id: z.string(),
  nickname: z.string(),
  avatar: z.string(),
});
export type ShareUserInfo = z.infer<typeof shareUserInfoSchema>;

const statusFields = {
  share_status: z.enum(SHARE_STATUSES),
  /** The status in the caller's language (Accept-Language); '' for OK. */
  share_status_text: z.string(),
  /**
   * Present when a signed-in viewer whose `displaySensitiveShare` is on was let past this
   * sensitive result: the content is answered, and the page shows it behind a cover.
   */
  sensitive_status: z.enum(["SENSITIVE_RESOURCE", "SENSITIVE_WORD"]).optional(),
};

const visitQuery = {
  share_id: shareIdSchema,
  /** A passcode typed by the visitor; a correct one answers a `pass_code_token`. */
  pass_code: z.string().max(64).optional(),
  pass_code_token: passCodeTokenSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(100),
  page_token: z.string().max(2048).optional(),
  thumbnail_size: z.enum(THUMBNAIL_SIZES).default("SIZE_LARGE"),
};

/** `GET /drive/v1/share`: the share's top level (or `parent_id`, a folder inside it). */
export const getShareQuerySchema = z.object({ ...visitQuery, parent_id: z.string().max(64).optional() });
export type GetShareQuery = z.input<typeof getShareQuerySchema>;

/**
 * Files of a share are the owner's live items: `parent_id` of the shared top-level items is '',
 * and their links are empty (ask `file_info` for links).
 */
export const shareFilesResponseSchema = z.object({
  ...statusFields,
  share_id: z.string(),
  title: z.string(),
  /** Issued when a correct `pass_code` was sent; '' otherwise. */
  pass_code_token: z.string(),
  /** The sharer; present whenever the share exists, so the passcode form can show who shares. */
  user_info: shareUserInfoSchema.nullable(),
  file_num: int64String,
  files: z.array(fileSchema),
  next_page_token: z.string(),
  /** RFC 3339, '' when it never expires. */
  expiration_time: z.string(),
  /** Saves left; "-1" unlimited. */
  restore_count_left: z.string(),
  /** For a folder inside the share: its path from the shared item down to it (breadcrumbs). */
  ancestors: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ShareFilesResponse = z.infer<typeof shareFilesResponseSchema>;

/** `GET /drive/v1/share/detail`: a folder inside the share (ids outside it answer `file_not_found`). */
export const shareDetailQuerySchema = z.object({ ...visitQuery, parent_id: z.string().min(1).max(64) });
export type ShareDetailQuery = z.input<typeof shareDetailQuerySchema>;

/** `GET /drive/v1/share/file_info`: one item with signed preview and download links. */
export const shareFileInfoQuerySchema = z.object({
  share_id: shareIdSchema,
  file_id: idSchema,
  pass_code_token: passCodeTokenSchema.optional(),
  thumbnail_size: z.enum(THUMBNAIL_SIZES).default("SIZE_LARGE"),
});
export type ShareFileInfoQuery = z.input<typeof shareFileInfoQuerySchema>;

export const shareFileInfoResponseSchema = z.object({
  ...statusFields,
  file_info: fileSchema.nullable(),
});
export type ShareFileInfoResponse = z.infer<typeof shareFileInfoResponseSchema>;

/** `POST /drive/v1/share:batch_file_info`. */
export const shareBatchFileInfoRequestSchema = z.object({
  share_id: shareIdSchema,
  pass_code_token: passCodeTokenSchema.optional(),
  file_ids: z.array(idSchema).min(1).max(100),
  thumbnail_size: z.enum(THUMBNAIL_SIZES).default("SIZE_LARGE"),
});
export type ShareBatchFileInfoRequest = z.input<typeof shareBatchFileInfoRequestSchema>;

export const shareBatchFileInfoResponseSchema = z.object({
  ...statusFields,
  file_infos: z.array(fileSchema),
});
export type ShareBatchFileInfoResponse = z.infer<typeof shareBatchFileInfoResponseSchema>;

/** `POST /drive/v1/share/restore` (signed in): save items (none named = the whole share) into my folder. */
export const restoreShareRequestSchema = z.object({
  share_id: shareIdSchema,
  pass_code_token: passCodeTokenSchema.optional(),
  file_ids: z.array(idSchema).max(MAX_BATCH_IDS).default([]),
  /** My folder to save into; '' is my root. */
  parent_id: z.string().max(64).default(""),
});
export type RestoreShareRequest = z.input<typeof restoreShareRequestSchema>;

/** Poll `restore_task_id` at `/drive/v1/tasks/{id}` (type `restore`) until `PHASE_TYPE_COMPLETE`. */
export const restoreShareResponseSchema = z.object({
  share_id: z.string(),
  restore_status: z.enum(RESTORE_STATUSES),
  restore_task_id: z.string(),
});
export type RestoreShareResponse = z.infer<typeof restoreShareResponseSchema>;

/** `POST /drive/v1/share/report` ("Report abuse"; anonymous allowed). */
export const reportShareRequestSchema = z.object({
  share_id: shareIdSchema,
  reason: z.enum(SHARE_REPORT_REASONS),
  description: z.string().max(2000).default(""),
});
export type ReportShareRequest = z.input<typeof reportShareRequestSchema>;

export const emptyResponseSchema = z.object({});

// ---------------------------------------------------------------- admin calls

/**
 * `POST /audit/v1/share` (admin): prohibit content by GCID in every share that holds it.
 * `file_ids` of `share_user_id` are resolved to their GCIDs (folders: everything inside).
 */
export const auditShareRequestSchema = z.object({
  share_user_id: z.string().max(64).default(""),
  gcids: z
    .array(z.string().regex(/^[0-9A-Fa-f]{40}$/))
    .max(MAX_BATCH_IDS)
    .default([]),
  file_ids: z.array(idSchema).max(MAX_BATCH_IDS).default([]),
  verdict: z.enum(AUDIT_VERDICTS).default("PROHIBITED"),
});
export type AuditShareRequest = z.input<typeof auditShareRequestSchema>;

export const auditShareResponseSchema = z.object({
  /** Every GCID now marked (upper-case hex). */
  gcids: z.array(z.string()),
  /** Live shares that hold at least one of them. */
  share_ids: z.array(z.string()),
});
export type AuditShareResponse = z.infer<typeof auditShareResponseSchema>;

/** `GET /audit/v1/share/reviews` and `/audit/v1/share/reports` (admin). */
export const auditListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(100),
  page_token: z.string().max(2048).optional(),
  /** Reports: `open` answers only those neither acted on nor dismissed yet. */
  filter: z.enum(["all", "open"]).default("all"),
});

export const reviewShareListSchema = z.object({
  data: z.array(
    z.object({
      share_id: z.string(),
      user_id: z.string(),
      title: z.string(),
      file_num: int64String,
      create_time: z.string(),
    }),
  ),
  next_page_token: z.string(),
});

export const shareReportListSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      share_id: z.string(),
      /** The sharer, and the items the share names: what `POST /audit/v1/share` takes to block its content. */
      share_user_id: z.string(),
      share_title: z.string(),
      file_ids: z.array(z.string()),
      /** When content of the share was blocked; "" while the report is open. */
      action_time: z.string(),
      /** When an admin dismissed the report without blocking anything; "" otherwise. */
      dismiss_time: z.string(),
      reporter_user_id: z.string(),
      reason: z.enum(SHARE_REPORT_REASONS),
      description: z.string(),
      create_time: z.string(),
    }),
  ),
  next_page_token: z.string(),
});

/** `POST /audit/v1/share/reports:dismiss` (admin): close open reports without blocking anything. */
export const dismissReportsRequestSchema = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1).max(MAX_BATCH_IDS),
});
export const dismissReportsResponseSchema = z.object({
  /** How many of the ids were open and are now dismissed. */
  dismissed: z.number(),
});

/** `POST /audit/v1/share:approve` / `:reject` (admin): decide shares waiting in the review queue. */
export const reviewSharesRequestSchema = z.object({ ids: z.array(shareIdSchema).min(1).max(MAX_BATCH_IDS) });
