/** What the type checks read of a file; drive#file objects fit. */
export interface FileTypeInput {
  name?: string | null;
  mime_type?: string | null;
}

/** The lower-case extension after the last dot of the name, or "" when there is none. */
export function fileExtension(name: string | null | undefined): string {
  if (!name) return "";
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : "";
}

function mimeOf(file: FileTypeInput): string {
  return (file.mime_type ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

const ARCHIVE_EXTENSIONS = new Set(["7z", "zip", "rar"]);
// Listed one by one: a substring test for "zip" would take application/epub+zip
// (an ebook) and application/gzip (not one of the three formats).
const ARCHIVE_MIME_TYPES = new Set([
  "application/zip",
  "application/x-zip",
  "application/x-zip-compressed",
  "multipart/x-zip",
  "application/vnd.rar",
  "application/x-rar",
  "application/x-rar-compressed",
  "application/x-7z-compressed",
]);

/** 7z, zip and rar archives, by extension or mime type; an epub is never one (spec §5). */
export function isArchive(file: FileTypeInput): boolean {
  const extension = fileExtension(file.name);
  const mime = mimeOf(file);
  if (extension === "epub" || mime === "application/epub+zip") return false;
  return ARCHIVE_EXTENSIONS.has(extension) || ARCHIVE_MIME_TYPES.has(mime);
}

const IMAGE_EXTENSIONS = new Set([
  "jpg",
  "jpeg",
  "png",
  "gif",
  "bmp",
  "webp",
  "svg",
  "ico",
  "tif",
  "tiff",
  "heic",
  "heif",
  "avif",
]);
const VIDEO_EXTENSIONS = new Set([
  "mp4",
  "m4v",
  "mkv",
  "webm",
  "avi",
  "mov",
  "wmv",
  "flv",
  "ts",
  "m2ts",
  "mts",
  "3gp",
  "mpg",
  "mpeg",
  "rm",
  "rmvb",
  "vob",
  "ogv",
]);
const AUDIO_EXTENSIONS = new Set([
  "mp3",
  "flac",
  "wav",
  "aac",
  "m4a",
  "ogg",
  "oga",
  "opus",
  "wma",
  "ape",
  "aiff",
  "alac",
]);

export function isImage(file: FileTypeInput): boolean {
  return IMAGE_EXTENSIONS.has(fileExtension(file.name)) || mimeOf(file).startsWith("image/");
}

export function isVideo(file: FileTypeInput): boolean {
  return VIDEO_EXTENSIONS.has(fileExtension(file.name)) || mimeOf(file).startsWith("video/");
}

export function isAudio(file: FileTypeInput): boolean {
  return AUDIO_EXTENSIONS.has(fileExtension(file.name)) || mimeOf(file).startsWith("audio/");
}

/** A .torrent file or a bittorrent mime type (spec §5). */
export function isTorrent(file: FileTypeInput): boolean {
  return fileExtension(file.name) === "torrent" || mimeOf(file).includes("bittorrent");
}

/** Audio codecs browsers cannot play in a video (spec §5: eac3, also written E-AC-3 / ec-3). */
export const UNSUPPORTED_AUDIO_CODECS: readonly string[] = ["eac3", "e-ac-3", "ec-3"];

export function isUnsupportedAudioCodec(codec: unknown): boolean {
  return typeof codec === "string" && UNSUPPORTED_AUDIO_CODECS.includes(codec.trim().toLowerCase());
}

export type FileCategory = "archive" | "image" | "video" | "audio" | "torrent" | "other";

/** One category per file; the checks run in the order listed in `FileCategory`. */
export function fileCategory(file: FileTypeInput): FileCategory {
  if (isArchive(file)) return "archive";
  if (isImage(file)) return "image";
  if (isVideo(file)) return "video";
  if (isAudio(file)) return "audio";
  if (isTorrent(file)) return "torrent";
  return "other";
}
