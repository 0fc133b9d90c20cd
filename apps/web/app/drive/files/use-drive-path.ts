import type { Ancestor, DriveFile } from "@nimbus/protocol";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { dataOrThrow } from "../../api/query.js";
import type { FilesApi } from "./api.js";
import type { DriveView } from "./list-query.js";

const NO_ANCESTORS: Ancestor[] = [];

/**
 * Where a view is, through the query cache: the folder's ancestors (breadcrumbs, heading) and,
 * inside a trashed folder, the trashed item it was entered from (restore and delete act on
 * it). Inside the trash the path starts at that item (its own folders are not in the trash).
 */
export function useDrivePath(api: FilesApi, view: DriveView) {
  const trashFolder = view.kind === "trash" && view.folderId ? view : undefined;
  const pathOf = view.kind === "folder" ? view.parentId : (trashFolder?.folderId ?? "");
  const trashRootId = trashFolder?.rootId ?? "";

  const ancestors = useQuery({
    queryKey: ["ancestors", pathOf],
    queryFn: ({ signal }) => dataOrThrow(api.ancestors(pathOf, signal)),
    enabled: pathOf !== "",
    select: (answer) => answer.ancestors,
    // The last folder's path stays up while the next one's loads.
    placeholderData: keepPreviousData,
  });
  const trashRoot = useQuery({
    queryKey: ["file", trashRootId],
    queryFn: () => dataOrThrow(api.get(trashRootId)),
    enabled: trashRootId !== "",
    select: (file): DriveFile | null => (file.trashed ? file : null),
  });

  const list = (pathOf && ancestors.data) || NO_ANCESTORS;
  const path = useMemo(() => {
    if (!trashFolder) return list;
    const at = list.findIndex((a) => a.id === trashFolder.rootId);
    return at >= 0 ? list.slice(at) : list.slice(-1);
  }, [list, trashFolder]);
  return {
    ancestors: list,
    path,
    trashFolder,
    trashRoot: (trashRootId && trashRoot.data) || null,
  };
}
