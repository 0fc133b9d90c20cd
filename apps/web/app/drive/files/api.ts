import { type EndpointQuery, nimbusApi, type RefEndpoint } from "@nimbus/protocol";
import { callEndpoint, endpointUrl } from "../../api/client.js";

type ListOrder = NonNullable<EndpointQuery<RefEndpoint<typeof nimbusApi.drive.listFiles>>["order"]>;

/** What one list request asks for (see list-query.ts for how a page builds it). */
export interface ListRequest {
  parentId: string;
  order: string;
  pinFoldersTop: boolean;
  filters?: Record<string, unknown>;
  limit: number;
  pageToken?: string;
}

/** The query of a list request, in the order the URL shows it. */
export function listQuery(request: ListRequest) {
  return {
    parent_id: request.parentId,
    order: request.order as ListOrder,
    pin_folders_top: request.pinFoldersTop ? ("true" as const) : ("false" as const),
    limit: String(request.limit),
    thumbnail_size: "SIZE_MEDIUM" as const,
    filters:
      request.filters && Object.keys(request.filters).length > 0
        ? JSON.stringify(request.filters)
        : undefined,
    page_token: request.pageToken || undefined,
  };
}

export function listUrl(request: ListRequest): string {
  return endpointUrl(nimbusApi.drive.listFiles, { query: listQuery(request) });
}

/** The drive's file calls, bound to the page's locale (error texts come back in it). */
export function filesApi(locale: string) {
  const { drive } = nimbusApi;
  return {
    list: (request: ListRequest, signal?: AbortSignal) =>
      callEndpoint(drive.listFiles, { query: listQuery(request), locale, signal }),
    get: (id: string) => callEndpoint(drive.getFile, { params: { id }, locale }),
    ancestors: (id: string, signal?: AbortSignal) =>
      callEndpoint(drive.getAncestors, { params: { id }, locale, signal }),
    /** `fail`: a name taken in the folder answers `file_name_conflict`; `rename`: it becomes `name (n).ext`. */
    rename: (id: string, name: string, onConflict: "fail" | "rename" = "fail") =>
      callEndpoint(drive.renameFile, { params: { id }, body: { name, on_conflict: onConflict }, locale }),
    createFolder: (name: string, parentId: string) =>
      callEndpoint(drive.createFile, { body: { kind: "drive#folder", name, parent_id: parentId }, locale }),
    move: (ids: string[], parentId: string) =>
      callEndpoint(drive.batchMove, { body: { ids, to: { parent_id: parentId } }, locale }),
    copy: (ids: string[], parentId: string) =>
      callEndpoint(drive.batchCopy, { body: { ids, to: { parent_id: parentId } }, locale }),
    trash: (ids: string[]) => callEndpoint(drive.batchTrash, { body: { ids }, locale }),
    untrash: (ids: string[]) => callEndpoint(drive.batchUntrash, { body: { ids }, locale }),
    remove: (ids: string[]) => callEndpoint(drive.batchDelete, { body: { ids }, locale }),
    star: (ids: string[]) => callEndpoint(drive.star, { body: { ids }, locale }),
    unstar: (ids: string[]) => callEndpoint(drive.unstar, { body: { ids }, locale }),
    emptyTrash: () => callEndpoint(drive.emptyTrash, { locale }),
    zipLink: (ids: string[]) => callEndpoint(drive.zipLink, { body: { ids }, locale }),
    task: (id: string) => callEndpoint(drive.getTask, { params: { id }, locale }),
  };
}

export type FilesApi = ReturnType<typeof filesApi>;
