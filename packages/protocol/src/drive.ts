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
