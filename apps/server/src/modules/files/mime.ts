import type { MimeCategory } from "@nimbus/protocol";

const BY_EXTENSION: Record<string, string> = {
  ".txt": "text/plain",
  ".md": "text/markdown",
  ".csv": "text/csv",
  ".json": "application/json",
  ".xml": "application/xml",
  ".html": "text/html",
  ".htm": "text/html",
  ".css": "text/css",
  ".js": "text/javascript",
  ".pdf": "application/pdf",
  ".zip": "application/zip",
  ".7z": "application/x-7z-compressed",
  ".rar": "application/vnd.rar",
  ".gz": "application/gzip",
  ".tar": "application/x-tar",
  ".epub": "application/epub+zip",
  ".torrent": "application/x-bittorrent",
  ".doc": "application/msword",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".xls": "application/vnd.ms-excel",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".ppt": "application/vnd.ms-powerpoint",
  ".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  ".apk": "application/vnd.android.package-archive",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".heic": "image/heic",
  ".bmp": "image/bmp",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".mp4": "video/mp4",
  ".m4v": "video/mp4",
  ".mkv": "video/x-matroska",
  ".webm": "video/webm",
  ".mov": "video/quicktime",
  ".avi": "video/x-msvideo",
  ".ts": "video/mp2t",
  ".flv": "video/x-flv",
  ".mp3": "audio/mpeg",
  ".m4a": "audio/mp4",
  ".aac": "audio/aac",
  ".flac": "audio/flac",
  ".wav": "audio/wav",
  ".ogg": "audio/ogg",
  ".opus": "audio/opus",
  ".srt": "application/x-subrip",
  ".vtt": "text/vtt",
};

export const FOLDER_MIME_TYPE = "";
export const DEFAULT_MIME_TYPE = "application/octet-stream";

/** The MIME type a file name suggests; the server never trusts a client's claim for serving. */
export function mimeTypeOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return (dot > 0 && BY_EXTENSION[name.slice(dot).toLowerCase()]) || DEFAULT_MIME_TYPE;
}

/** How each `mime_category` filter matches a MIME type: a `type/` prefix and/or exact types. */
export const MIME_CATEGORY_RULES: Record<MimeCategory, { prefixes: string[]; types: string[] }> = {
  image: { prefixes: ["image/"], types: [] },
  video: { prefixes: ["video/"], types: [] },
  audio: { prefixes: ["audio/"], types: [] },
  // Spec §5: 7z, zip and rar are archives; epub (a zip inside) is not.
  archive: {
    prefixes: [],
    types: [
      "application/zip",
      "application/x-7z-compressed",
      "application/vnd.rar",
      "application/x-rar-compressed",
      "application/gzip",
      "application/x-tar",
      "application/x-bzip2",
      "application/x-xz",
    ],
  },
  torrent: { prefixes: [], types: ["application/x-bittorrent"] },
  document: {
    prefixes: ["text/"],
    types: [
      "application/pdf",
      "application/msword",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      "application/vnd.ms-excel",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "application/vnd.ms-powerpoint",
      "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      "application/epub+zip",
      "application/json",
      "application/xml",
      "application/rtf",
      "application/x-subrip",
    ],
  },
};
