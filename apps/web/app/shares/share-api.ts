import type {
  CreateShareRequest,
  CreateShareResponse,
  DriveFileList,
  DriveTask,
  ReportShareRequest,
  RestoreShareRequest,
  RestoreShareResponse,
  ShareFileInfoResponse,
  ShareFilesResponse,
  ShareList,
} from "@nimbus/protocol";
import { type ApiResult, callApi } from "../api/client.js";
import { ENDPOINTS } from "../api/endpoints.js";

export interface VisitQuery {
  shareId: string;
  /** A folder inside the share; absent for its top level. */
  parentId?: string;
  passCode?: string;
  passCodeToken?: string;
  pageToken?: string;
}

export const SHARE_PAGE_LIMIT = 100;

export function visitUrl(query: VisitQuery): string {
  const params = new URLSearchParams({
    share_id: query.shareId,
    limit: String(SHARE_PAGE_LIMIT),
    thumbnail_size: "SIZE_MEDIUM",
  });
  if (query.parentId) params.set("parent_id", query.parentId);
  if (query.passCode) params.set("pass_code", query.passCode);
  if (query.passCodeToken) params.set("pass_code_token", query.passCodeToken);
  if (query.pageToken) params.set("page_token", query.pageToken);
  return `${query.parentId ? ENDPOINTS.shareDetail : ENDPOINTS.share}?${params}`;
}

/** The share calls of the web app, bound to the page's locale (status texts come back in it). */
export function shareApi(locale: string) {
  const post = <T>(path: string, body: unknown) => callApi<T>(path, { method: "POST", body, locale });
  return {
    visit: (query: VisitQuery, signal?: AbortSignal): Promise<ApiResult<ShareFilesResponse>> =>
      callApi<ShareFilesResponse>(visitUrl(query), { locale, signal }),
    fileInfo: (shareId: string, fileId: string, passCodeToken: string | undefined) => {
      const params = new URLSearchParams({
        share_id: shareId,
        file_id: fileId,
        thumbnail_size: "SIZE_LARGE",
      });
      if (passCodeToken) params.set("pass_code_token", passCodeToken);
      return callApi<ShareFileInfoResponse>(`${ENDPOINTS.shareFileInfo}?${params}`, { locale });
    },
    restore: (body: RestoreShareRequest) => post<RestoreShareResponse>(ENDPOINTS.shareRestore, body),
    task: (id: string) => callApi<DriveTask>(ENDPOINTS.task(id), { locale }),
    report: (body: ReportShareRequest) => post<Record<string, never>>(ENDPOINTS.shareReport, body),
    create: (body: CreateShareRequest) => post<CreateShareResponse>(ENDPOINTS.share, body),
    list: (pageToken?: string) => {
      const params = new URLSearchParams({ limit: String(SHARE_PAGE_LIMIT) });
      if (pageToken) params.set("page_token", pageToken);
      return callApi<ShareList>(`${ENDPOINTS.shareList}?${params}`, { locale });
    },
    cancel: (ids: string[]) => post<Record<string, never>>(ENDPOINTS.shareCancel, { ids }),
    /** My folders inside `parentId`, for the save-to folder picker. */
    folders: (parentId: string, signal?: AbortSignal) => {
      const params = new URLSearchParams({
        parent_id: parentId,
        limit: "500",
        order: "NAME_ASC",
        filters: JSON.stringify({ kind: { eq: "drive#folder" }, trashed: { eq: false } }),
      });
      return callApi<DriveFileList>(`${ENDPOINTS.files}?${params}`, { locale, signal });
    },
  };
}

export type ShareApi = ReturnType<typeof shareApi>;

/** A link the server gave (absolute, or a path on this origin) as an absolute URL. */
export function absoluteUrl(link: string, origin: string): string {
  try {
    return new URL(link, origin).href;
  } catch {
    return link;
  }
}
