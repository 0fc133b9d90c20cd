import {
  type DriveFile,
  FILE_KIND,
  type Phase,
  type PlaybackPosition,
  type ThumbnailSize,
} from "@nimbus/protocol";
import { isoTime } from "../../lib/clock.js";
import type { DownloadLinks, LinkHolder } from "../links/download-links.js";
import { presentPreview } from "../previews/preview-presenter.js";
import type { BlobPreview } from "../previews/preview-store.js";
import type { FileRow } from "./files-repository.js";
import { fileExtension } from "./names.js";

export interface PresentOptions {
  publicUrl: string;
  links: DownloadLinks;
  now: number;
  /** Whom the signed links are for (their traffic pays, their standing is checked on use). */
  holder: LinkHolder;
  /** Previews of the rows' blobs (`PreviewService.lookup`); without them no thumbnail or medias. */
  previews?: ReadonlyMap<string, BlobPreview>;
  thumbnailSize?: ThumbnailSize;
  /** How long the trash keeps an item: with it a trashed item tells when it will be deleted for good. */
  trashRetentionMs?: number;
  /** The caller's playback positions by file id (`playback_position`; modules/playback). */
  positions?: ReadonlyMap<string, PlaybackPosition>;
}

/** A file row as the API's `drive#file`; download links only for complete files. */
export function presentFile(row: FileRow, options: PresentOptions): DriveFile {
  const isFolder = row.kind === FILE_KIND.folder;
  const complete = !isFolder && row.phase === "PHASE_TYPE_COMPLETE" && row.blob_gcid !== null;
  const link = complete ? options.links.sign(row.id, options.holder, options.now) : undefined;
  const url = link ? `${options.publicUrl}${link.path}` : "";
  const preview =
    complete && row.blob_gcid
      ? presentPreview(row, options.previews?.get(row.blob_gcid), options)
      : { thumbnail_link: "", medias: [] };
  const position = complete ? options.positions?.get(row.id) : undefined;
  return {
    kind: isFolder ? FILE_KIND.folder : FILE_KIND.file,
    id: row.id,
    parent_id: row.parent_id,
    name: row.name,
    user_id: row.user_id,
    size: String(row.size),
    file_extension: isFolder ? "" : fileExtension(row.name),
    mime_type: row.mime_type,
    created_time: isoTime(row.created_at),
    modified_time: isoTime(row.modified_at),
    trashed: row.trashed_at !== null,
    ...(row.trashed_at !== null && trashTimes(row.trashed_at, options.trashRetentionMs)),
    starred: row.starred_at !== null,
    phase: row.phase as Phase,
    hash: row.blob_gcid ?? "",
    thumbnail_link: preview.thumbnail_link,
    web_content_link: url,
    links: link ? { "application/octet-stream": { url, token: "", expire: isoTime(link.expiresAt) } } : {},
    medias: preview.medias,
    ...(position && { playback_position: position }),
  };
}

/** A trashed item's times: when it was trashed and, when the retention is known, when it expires. */
function trashTimes(trashedAt: number, retentionMs: number | undefined) {
  return {
    trashed_time: isoTime(trashedAt),
    ...(retentionMs !== undefined && { delete_time: isoTime(trashedAt + retentionMs) }),
  };
}
