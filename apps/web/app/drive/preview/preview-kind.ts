import { fileExtension, isArchive, isAudio, isImage, isVideo } from "../../lib/file-types.js";

export type PreviewKind = "image" | "video" | "audio" | "pdf" | "text" | "archive" | "none";

/** Text and source code shown as plain text (by extension; `text/*` and JSON by type too). */
const TEXT_EXTENSIONS = new Set(
  (
    "txt md markdown csv tsv log ini conf cfg toml yaml yml json jsonc xml html htm css scss less js mjs cjs jsx ts " +
    "tsx py rb go rs c h cc cpp hpp cs java kt kts swift php pl lua r sql sh bash zsh fish ps1 bat dart scala " +
    "vue svelte srt vtt ass nfo diff patch gitignore env dockerfile makefile gradle properties tex rst adoc"
  ).split(" "),
);
const TEXT_TYPES = new Set([
  "application/json",
  "application/xml",
  "application/javascript",
  "application/x-subrip",
]);
/** Images browsers draw; others (HEIC, TIFF) have no inline preview in most browsers but are tried anyway. */
const SVG = "svg";

/** How the preview shows a file, from its name and type. */
export function previewKind(file: { name: string; mime_type: string; kind?: string }): PreviewKind {
  if (file.kind === "drive#folder") return "none";
  const extension = fileExtension(file.name);
  const mime = file.mime_type.split(";")[0]?.trim().toLowerCase() ?? "";
  if (isArchive(file)) return "archive";
  if (isImage(file) || extension === SVG) return "image";
  if (isVideo(file)) return "video";
  if (isAudio(file)) return "audio";
  if (extension === "pdf" || mime === "application/pdf") return "pdf";
  if (TEXT_EXTENSIONS.has(extension) || mime.startsWith("text/") || TEXT_TYPES.has(mime)) return "text";
  const bare = file.name.toLowerCase();
  if (bare === "dockerfile" || bare === "makefile" || bare === "readme" || bare === "license") return "text";
  return "none";
}

/** True for SVG, which the server only sends as an attachment: the preview draws it from a blob as an image. */
export function isSvg(file: { name: string; mime_type: string }): boolean {
  return fileExtension(file.name) === SVG || file.mime_type.startsWith("image/svg");
}
