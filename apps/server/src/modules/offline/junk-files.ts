import type { ManifestFile } from "./offline-source.js";

/** Shortcuts and link files: never content. */
const SHORTCUT = /\.(url|lnk|website|webloc)$/i;
/** Web pages that ride along with releases ("visit our site"); junk only when small. Text notes are kept: too often real. */
const NOTE = /\.(html?|mht|chm)$/i;
const NOTE_MAX_BYTES = 64 * 1024;
/** BitComet-style padding files. */
const PADDING = /^_+padding_file/i;

export function isJunkFile(file: ManifestFile): boolean {
  const name = file.path.at(-1) ?? "";
  if (SHORTCUT.test(name) || PADDING.test(name) || file.path.includes(".pad")) return true;
  return NOTE.test(name) && file.size !== undefined && file.size < NOTE_MAX_BYTES;
}

/**
 * The `filterFilesWhenCreate` user setting (decision 0045): of a link holding several
 * files where the user picked none, the junk ones are left out. A link of junk only
 * keeps everything, so a task never ends up empty.
 */
export function withoutJunk(files: readonly ManifestFile[]): ManifestFile[] {
  if (files.length < 2) return [...files];
  const kept = files.filter((file) => !isJunkFile(file));
  return kept.length > 0 ? kept : [...files];
}
