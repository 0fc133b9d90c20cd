import type { DriveFile, Share, ShareStatus } from "@nimbus/protocol";
import { isoTime } from "../../lib/clock.js";
import type { ShareRow } from "./shares-repository.js";

export function shareUrl(publicUrl: string, shareId: string): string {
  return `${publicUrl}/s/${shareId}`;
}

/** The ready-to-paste text of a new share (the web composes its own localized one). */
export function shareText(title: string, url: string, passCode: string): string {
  return passCode ? `${title}\n${url}?s_code=${passCode}\nPasscode: ${passCode}` : `${title}\n${url}`;
}

/** One of my shares, with its counters and the status a visitor with the passcode would get. */
export function presentShare(
  row: ShareRow,
  firstFileId: string,
  status: ShareStatus,
  publicUrl: string,
  passCodeCoolingDown: boolean,
): Share {
  return {
    kind: "drive#share",
    share_id: row.id,
    share_url: shareUrl(publicUrl, row.id),
    share_to: row.share_to === "encryptedlink" ? "encryptedlink" : "publiclink",
    title: row.title,
    pass_code: row.pass_code,
    pass_code_option: row.pass_code ? "REQUIRED" : "NOT_REQUIRED",
    share_status: status,
    file_num: String(row.file_count),
    file_id: firstFileId,
    expiration_days: String(row.expiration_days),
    expiration_time: row.expires_at === null ? "" : isoTime(row.expires_at),
    restore_limit: String(row.restore_limit),
    view_count: String(row.view_count),
    restore_count: String(row.restore_count),
    download_count: String(row.download_count),
    create_time: isoTime(row.created_at),
    pass_code_cooling_down: passCodeCoolingDown,
  };
}

/** What a visitor's list shows of an item: no links (`file_info` hands those out); top level has parent ''. */
export function listedInShare(file: DriveFile, isTopLevel: boolean): DriveFile {
  return {
    ...file,
    parent_id: isTopLevel ? "" : file.parent_id,
    starred: false,
    web_content_link: "",
    links: {},
    medias: [],
  };
}
