import { type EndpointBody, nimbusApi, type RefEndpoint, type ShareFilesResponse } from "@nimbus/protocol";
import { type ApiResult, callEndpoint } from "../api/client.js";

export interface VisitQuery {
  shareId: string;
  /** A folder inside the share; absent for its top level. */
  parentId?: string;
  passCode?: string;
  passCodeToken?: string;
  pageToken?: string;
}

/** The first visit of a share page, made while the page rendered (`share-visit.server.ts`), and what it was asked with. */
export interface FirstVisit {
  query: VisitQuery;
  result: ApiResult<ShareFilesResponse>;
}

export const SHARE_PAGE_LIMIT = 100;

/** The top of a share, or a folder inside it. */
export function visitEndpoint(query: VisitQuery) {
  return query.parentId ? nimbusApi.share.shareDetail : nimbusApi.share.getShare;
}

export function visitQuery(query: VisitQuery) {
  return {
    share_id: query.shareId,
    limit: String(SHARE_PAGE_LIMIT),
    thumbnail_size: "SIZE_MEDIUM",
    parent_id: query.parentId || undefined,
    pass_code: query.passCode || undefined,
    pass_code_token: query.passCodeToken || undefined,
    page_token: query.pageToken || undefined,
  } as const;
}

/** The share calls of the web app, bound to the page's locale (status texts come back in it). */
export function shareApi(locale: string) {
  const { share, drive } = nimbusApi;
  return {
    visit: (query: VisitQuery, signal?: AbortSignal): Promise<ApiResult<ShareFilesResponse>> =>
      callEndpoint(visitEndpoint(query), { query: visitQuery(query), locale, signal }),
    fileInfo: (shareId: string, fileId: string, passCodeToken: string | undefined) =>
      callEndpoint(share.shareFileInfo, {
        query: {
          share_id: shareId,
          file_id: fileId,
          thumbnail_size: "SIZE_LARGE",
          pass_code_token: passCodeToken || undefined,
        },
        locale,
      }),
    restore: (body: RestoreShareRequestBody) => callEndpoint(share.restoreShare, { body, locale }),
    task: (id: string) => callEndpoint(drive.getTask, { params: { id }, locale }),
    report: (body: ReportShareRequestBody) => callEndpoint(share.reportShare, { body, locale }),
    create: (body: CreateShareRequestBody) => callEndpoint(share.createShare, { body, locale }),
    list: (pageToken?: string) =>
      callEndpoint(share.listShares, {
        query: { limit: String(SHARE_PAGE_LIMIT), page_token: pageToken || undefined },
        locale,
      }),
    cancel: (ids: string[]) => callEndpoint(share.deleteShares, { body: { ids }, locale }),
    /** My folders inside `parentId`, for the save-to folder picker. */
    folders: (parentId: string, signal?: AbortSignal) =>
      callEndpoint(drive.listFiles, {
        query: {
          parent_id: parentId,
          limit: "500",
          order: "NAME_ASC",
          filters: JSON.stringify({ kind: { eq: "drive#folder" }, trashed: { eq: false } }),
        },
        locale,
        signal,
      }),
  };
}

type RestoreShareRequestBody = EndpointBody<RefEndpoint<typeof nimbusApi.share.restoreShare>>;
type ReportShareRequestBody = EndpointBody<RefEndpoint<typeof nimbusApi.share.reportShare>>;
type CreateShareRequestBody = EndpointBody<RefEndpoint<typeof nimbusApi.share.createShare>>;

export type ShareApi = ReturnType<typeof shareApi>;

/** A link the server gave (absolute, or a path on this origin) as an absolute URL. */
export function absoluteUrl(link: string, origin: string): string {
  try {
    return new URL(link, origin).href;
  } catch {
    return link;
  }
}
