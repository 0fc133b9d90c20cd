import {
  type DriveFile,
  FILE_KIND,
  NimbusError,
  type ShareBatchFileInfoResponse,
  type ShareFileInfoResponse,
  type ShareFilesResponse,
  type ThumbnailSize,
} from "@nimbus/protocol";
import { serverText } from "@nimbus/texts/server";
import type { Db } from "../../db/database.js";
import { type Clock, isoTime } from "../../lib/clock.js";
import { makePageToken, readPageToken } from "../../lib/page-token.js";
import {
  decodePageToken,
  encodePageToken,
  type FileRow,
  findFile,
  listPage,
  type PreviewLookup,
  presentFile,
  sortSpec,
} from "../files/index.js";
import type { DownloadLinks, LinkHolder } from "../links/download-links.js";
import type { UsersRepository } from "../users/users-repository.js";
import type { SensitiveStatus, ShareAccess, ShareAccessChecker, Visit } from "./share-access.js";
import { listedInShare } from "./share-presenter.js";
import { pathInShare } from "./share-tree.js";
import type { SharesRepository } from "./shares-repository.js";

export interface ShareVisitsDeps {
  db: Db;
  access: ShareAccessChecker;
  shares: SharesRepository;
  users: UsersRepository;
  previews: PreviewLookup;
  links: DownloadLinks;
  clock: Clock;
  publicUrl: string;
}

export interface PageRequest {
  parentId?: string | undefined;
  limit: number;
  pageToken?: string | undefined;
  thumbnailSize: ThumbnailSize;
}

/**
 * The visitor's side of a share: its top level and folders inside it, one or
 * several items with signed links. Every call runs the share-link check first;
 * a result other than OK answers that status and nothing of the content.
 */
export class ShareVisits {
  constructor(private readonly deps: ShareVisitsDeps) {}

  async open(visit: Visit, q: PageRequest): Promise<ShareFilesResponse> {
    const access = await this.deps.access.check(visit);
    const response = await this.frame(access, visit);
    const { share } = access;
    if (access.status !== "OK" || !share) return response;
    if (q.parentId) {
      const path = await this.folderPath(access, q.parentId);
      const spec = sortSpec();
      const page = await listPage(this.deps.db, {
        userId: share.user_id,
        scope: { kind: "folder", parentId: q.parentId },
        // Files still uploading are not shared yet (folders are always complete).
        filters: { phase: "PHASE_TYPE_COMPLETE" },
        spec,
        pinned: true,
        cursor: decodePageToken(q.pageToken, spec, true),
        limit: q.limit,
      });
      const files = await this.present(page.rows, access, visit.viewerId, q.thumbnailSize);
      return {
        ...response,
        files: files.map((file) => listedInShare(file, false)),
        next_page_token: page.next ? encodePageToken(page.next) : "",
        ancestors: path.map(({ id, name }) => ({ id, name })),
      };
    }
    if (!q.pageToken) await this.deps.shares.countView(share.id);
    const offset = decodeOffset(q.pageToken);
    const ordered = [...access.roots].sort(
      (a, b) => kindRank(a) - kindRank(b) || b.modified_at - a.modified_at || (a.id < b.id ? -1 : 1),
    );
    const rows = ordered.slice(offset, offset + q.limit);
    const files = await this.present(rows, access, visit.viewerId, q.thumbnailSize);
    return {
      ...response,
      files: files.map((file) => listedInShare(file, true)),
      next_page_token: offset + q.limit < ordered.length ? encodeOffset(offset + q.limit) : "",
    };
  }

  /** One item of the share with signed links (its bytes through `/drive/v1/download`). */
  async fileInfo(visit: Visit, fileId: string, thumbnailSize: ThumbnailSize): Promise<ShareFileInfoResponse> {
    const { status, sensitive, files } = await this.withLinks(visit, [fileId], thumbnailSize);
    return {
      share_status: status,
      share_status_text: text(status, visit),
      ...sensitiveField(sensitive),
      file_info: files[0] ?? null,
    };
  }

  async batchFileInfo(
    visit: Visit,
    fileIds: readonly string[],
    thumbnailSize: ThumbnailSize,
  ): Promise<ShareBatchFileInfoResponse> {
    const { status, sensitive, files } = await this.withLinks(visit, fileIds, thumbnailSize);
    return {
      share_status: status,
      share_status_text: text(status, visit),
      ...sensitiveField(sensitive),
      file_infos: files,
    };
  }

  /**
   * A file of the share to play (decision 0060), after the same checks as `fileInfo`: the
   * share answers OK to this visitor and the file is inside it. The holder is the visitor
   * (anonymous: their address's allowance pays), naming the share so its links die with it.
   * A share that is not OK is `share_unavailable` with its `share_status`.
   */
  async playableFile(visit: Visit, fileId: string): Promise<{ file: FileRow; holder: LinkHolder }> {
    const access = await this.deps.access.check(visit);
    const { share } = access;
    if (access.status !== "OK" || !share) {
      throw new NimbusError("share_unavailable", undefined, {
        metadata: { share_id: visit.shareId, share_status: access.status },
      });
    }
    const roots = new Set(access.roots.map((row) => row.id));
    if (!(await pathInShare(this.deps.db, share.user_id, roots, fileId))) {
      throw new NimbusError("file_not_found", undefined, { metadata: { id: fileId } });
    }
    const file = await findFile(this.deps.db, share.user_id, fileId);
    if (
      !file ||
      file.kind !== FILE_KIND.file ||
      file.phase !== "PHASE_TYPE_COMPLETE" ||
      file.trashed_at !== null
    ) {
      throw new NimbusError("file_not_found", undefined, { metadata: { id: fileId } });
    }
    const { viewerId } = visit;
    const holder: LinkHolder = {
      userId: viewerId ?? "",
      generation: viewerId ? await this.deps.users.sessionGeneration(viewerId) : 0,
      shareId: share.id,
    };
    return { file, holder };
  }

  /**
   * Links are made for the signed-in visitor, whose traffic the bytes then count
   * against; an anonymous visitor's links draw on their address's allowance, never
   * on the sharer's traffic. Every link names the share, so it dies with it. Each
   * item handed to a signed-in visitor counts as a download of the share.
   */
  private async withLinks(visit: Visit, fileIds: readonly string[], thumbnailSize: ThumbnailSize) {
    const access = await this.deps.access.check(visit);
    const { share } = access;
    if (access.status !== "OK" || !share)
      return { status: access.status, sensitive: access.sensitive, files: [] as DriveFile[] };
    const roots = new Set(access.roots.map((row) => row.id));
    const rows: FileRow[] = [];
    for (const id of new Set(fileIds)) {
      if (!(await pathInShare(this.deps.db, share.user_id, roots, id))) {
        throw new NimbusError("file_not_found", undefined, { metadata: { id } });
      }
      const row = await findFile(this.deps.db, share.user_id, id);
      if (!row) throw new NimbusError("file_not_found", undefined, { metadata: { id } });
      rows.push(row);
    }
    const files = await this.present(rows, access, visit.viewerId, thumbnailSize);
    if (visit.viewerId && visit.viewerId !== share.user_id) {
      await this.deps.shares.countDownloads(
        share.id,
        rows.filter((row) => row.kind === FILE_KIND.file).length,
      );
    }
    return {
      status: access.status,
      sensitive: access.sensitive,
      files: files.map((file) => (roots.has(file.id) ? { ...file, parent_id: "" } : file)),
    };
  }

  /**
   * Whether a link handed out through `shareId` may still serve `fileId`: the share
   * answers OK to its owner (not cancelled, expired, blocked or used up) and the file
   * is still inside it. The passcode was proven when the link was made. A sensitive share
   * still serves a holder whose `displaySensitiveShare` is on (anonymous holders: never).
   */
  async stillServes(shareId: string, fileId: string, holderId = ""): Promise<boolean> {
    const share = await this.deps.shares.find(shareId);
    if (!share) return false;
    const access = await this.deps.access.check({
      shareId,
      viewerId: share.user_id,
      sensitiveViewerId: holderId,
      client: "link",
    });
    if (access.status !== "OK") return false;
    const roots = new Set(access.roots.map((row) => row.id));
    return (await pathInShare(this.deps.db, share.user_id, roots, fileId)) !== undefined;
  }

  /** The path from a shared folder down to `parentId`; anything outside the share is `file_not_found`. */
  private async folderPath(access: ShareAccess, parentId: string) {
    const share = access.share as NonNullable<ShareAccess["share"]>;
    const roots = new Set(access.roots.map((row) => row.id));
    const path = await pathInShare(this.deps.db, share.user_id, roots, parentId);
    if (!path) throw new NimbusError("file_not_found", undefined, { metadata: { id: parentId } });
    if (path.at(-1)?.kind !== FILE_KIND.folder) throw new NimbusError("file_parent_invalid", "not a folder");
    return path;
  }

  private async present(
    rows: readonly FileRow[],
    access: ShareAccess,
    viewerId: string | undefined,
    thumbnailSize: ThumbnailSize,
  ): Promise<DriveFile[]> {
    const gcids = rows.flatMap((row) => (row.blob_gcid ? [row.blob_gcid] : []));
    const previews = gcids.length > 0 ? await this.deps.previews.lookup(gcids) : undefined;
    const now = this.deps.clock.now();
    const holder: LinkHolder = {
      userId: viewerId ?? "",
      generation: viewerId ? await this.deps.users.sessionGeneration(viewerId) : 0,
      shareId: access.share?.id,
    };
    return rows.map((row) =>
      presentFile(row, {
        publicUrl: this.deps.publicUrl,
        links: this.deps.links,
        now,
        holder,
        thumbnailSize,
        ...(previews && { previews }),
      }),
    );
  }

  /** The fields every answer carries: status, sharer, title and limits (content only when OK). */
  private async frame(access: ShareAccess, visit: Visit): Promise<ShareFilesResponse> {
    const { share, status } = access;
    const owner = share ? await this.deps.users.findById(share.user_id) : undefined;
    return {
      share_status: status,
      share_status_text: text(status, visit),
      ...sensitiveField(access.sensitive),
      share_id: share?.id ?? "",
      title: share && !HIDDEN_TITLE.has(status) ? share.title : "",
      pass_code_token: access.issuedToken,
      user_info: owner ? { user_id: owner.id, nickname: owner.name, avatar: "" } : null,
      file_num: String(status === "OK" ? access.roots.length : 0),
      files: [],
      next_page_token: "",
      expiration_time: share?.expires_at ? isoTime(share.expires_at) : "",
      restore_count_left:
        share && share.restore_limit >= 0
          ? String(Math.max(0, share.restore_limit - share.restore_count))
          : "-1",
      ancestors: [],
    };
  }
}

/** `share_status_text` in the caller's language (Accept-Language); OK has none. */
const text = (status: ShareAccess["status"], visit: Visit) =>
  status === "OK" ? "" : serverText(visit.locale ?? "en-US", `share.status.${status}`);

/** Declared only when the viewer was let past a sensitive result (the page covers the content). */
const sensitiveField = (sensitive: SensitiveStatus | undefined) =>
  sensitive ? { sensitive_status: sensitive } : {};

/** Moderation results do not repeat what was blocked. */
const HIDDEN_TITLE = new Set<string>(["SENSITIVE_WORD", "SENSITIVE_RESOURCE", "PROHIBITED", "AUDITING"]);

const kindRank = (row: FileRow) => (row.kind === FILE_KIND.folder ? 0 : 1);

function encodeOffset(offset: number): string {
  return makePageToken(`top:${offset}`);
}

function decodeOffset(token: string | undefined): number {
  if (!token) return 0;
  return Number(readPageToken(token, /^top:(\d{1,7})$/)[1]);
}
