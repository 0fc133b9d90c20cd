/** Enumerations of the drive contract (spec §3–§4, reference API). */

export const FILE_KIND = { file: "drive#file", folder: "drive#folder" } as const;
export type FileKind = (typeof FILE_KIND)[keyof typeof FILE_KIND];

/** Task and file phases (spec §4; "UNKNOW" is the spec's spelling). */
export const PHASES = [
  "PHASE_TYPE_UNKNOW",
  "PHASE_TYPE_PENDING",
  "PHASE_TYPE_RUNNING",
  "PHASE_TYPE_ERROR",
  "PHASE_TYPE_COMPLETE",
  "PHASE_TYPE_PAUSED",
] as const;
export type Phase = (typeof PHASES)[number];

export const UPLOAD_TYPES = ["UPLOAD_TYPE_RESUMABLE", "UPLOAD_TYPE_FORM", "UPLOAD_TYPE_URL"] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export const THUMBNAIL_SIZES = ["SIZE_SMALL", "SIZE_MEDIUM", "SIZE_LARGE"] as const;
export type ThumbnailSize = (typeof THUMBNAIL_SIZES)[number];

/** Largest name, in UTF-8 bytes, a file or folder may have. */
export const MAX_FILE_NAME_BYTES = 255;
/** Default and largest page size of list calls. */
export const DEFAULT_PAGE_LIMIT = 100;
export const MAX_PAGE_LIMIT = 1000;

/**
 * List orders (spec §3, both sets): `NAME_ASC`/`NAME_DESC` and the numeric codes
 * 3 (type desc), 5 (modified asc), 6 (modified desc), 7 (size asc), 8 (size desc);
 * and the `name_asc` … `size_desc` names. The default is modified time descending.
 */
export const FILE_ORDERS = [
  "NAME_ASC",
  "NAME_DESC",
  "3",
  "5",
  "6",
  "7",
  "8",
  "name_asc",
  "name_desc",
  "mod_asc",
  "mod_desc",
  "size_asc",
  "size_desc",
  "type_desc",
] as const;
export type FileOrder = (typeof FILE_ORDERS)[number];
export const DEFAULT_FILE_ORDER: FileOrder = "mod_desc";

/** Coarse kinds of content a list can be filtered by (`filters={"mime_category":{"eq":"image"}}`). */
export const MIME_CATEGORIES = ["image", "video", "audio", "document", "archive", "torrent"] as const;
export type MimeCategory = (typeof MIME_CATEGORIES)[number];

/** Most ids one batch call may name. */
export const MAX_BATCH_IDS = 1000;

/** Kinds of `drive#task` the server creates. */
export const TASK_TYPES = ["copy", "offline", "decompress", "restore"] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** What a `drive#event` (recent activity) records. */
export const EVENT_TYPES = [
  "create_folder",
  "upload",
  "rename",
  "move",
  "copy",
  "trash",
  "untrash",
  "delete",
  "star",
  "unstar",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
