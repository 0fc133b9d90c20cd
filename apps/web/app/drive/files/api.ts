import type { Ancestors, BatchResult, DriveFile, DriveFileList, DriveTask, ZipLink } from "@nimbus/protocol";
import { type ApiResult, callApi } from "../../api/client.js";
import { ENDPOINTS } from "../../api/endpoints.js";

/** What one list request asks for (see list-query.ts for how a page builds it). */
export interface ListRequest {
  parentId: string;
  order: string;
  pinFoldersTop: boolean;
  filters?: Record<string, unknown>;
  limit: number;
  pageToken?: string;
}

export function listUrl(request: ListRequest): string {
  const query = new URLSearchParams({
    parent_id: request.parentId,
    order: request.order,
    pin_folders_top: String(request.pinFoldersTop),
    limit: String(request.limit),
    thumbnail_size: "SIZE_MEDIUM",
  });
  if (request.filters && Object.keys(request.filters).length > 0)
    query.set("filters", JSON.stringify(request.filters));
  if (request.pageToken) query.set("page_token", request.pageToken);
  return `${ENDPOINTS.files}?${query}`;
}

/** The drive's file calls, bound to the page's locale (error texts come back in it). */
export function filesApi(locale: string) {
  const post = <T>(path: string, body?: unknown) => callApi<T>(path, { method: "POST", body, locale });
  return {
    list: (request: ListRequest, signal?: AbortSignal): Promise<ApiResult<DriveFileList>> =>
      callApi<DriveFileList>(listUrl(request), { locale, signal }),
    get: (id: string): Promise<ApiResult<DriveFile>> =>
      callApi<DriveFile>(`${ENDPOINTS.file}/${encodeURIComponent(id)}`, { locale }),
    ancestors: (id: string, signal?: AbortSignal): Promise<ApiResult<Ancestors>> =>
      callApi<Ancestors>(ENDPOINTS.ancestors(id), { locale, signal }),
    rename: (id: string, name: string): Promise<ApiResult<DriveFile>> =>
      callApi<DriveFile>(`${ENDPOINTS.file}/${encodeURIComponent(id)}`, {
        method: "PATCH",
        body: { name },
        locale,
      }),
    createFolder: (name: string, parentId: string) =>
      post<{ file: DriveFile }>(ENDPOINTS.createFile, { kind: "drive#folder", name, parent_id: parentId }),
    move: (ids: string[], parentId: string) =>
      post<BatchResult>(ENDPOINTS.batchMove, { ids, to: { parent_id: parentId } }),
    copy: (ids: string[], parentId: string) =>
      post<BatchResult>(ENDPOINTS.batchCopy, { ids, to: { parent_id: parentId } }),
    trash: (ids: string[]) => post<BatchResult>(ENDPOINTS.batchTrash, { ids }),
    untrash: (ids: string[]) => post<BatchResult>(ENDPOINTS.batchUntrash, { ids }),
    remove: (ids: string[]) => post<BatchResult>(ENDPOINTS.batchDelete, { ids }),
    star: (ids: string[]) => post<BatchResult>(ENDPOINTS.star, { ids }),
    unstar: (ids: string[]) => post<BatchResult>(ENDPOINTS.unstar, { ids }),
    emptyTrash: () => callApi<BatchResult>(ENDPOINTS.emptyTrash, { method: "PATCH", locale }),
    zipLink: (ids: string[]) => post<ZipLink>(ENDPOINTS.zipLink, { ids }),
    task: (id: string) => callApi<DriveTask>(ENDPOINTS.task(id), { locale }),
  };
}

export type FilesApi = ReturnType<typeof filesApi>;
