import type { DriveFile, DriveFileList } from "@nimbus/protocol";
import { type InfiniteData, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef } from "react";
import type { ApiFailure } from "../../api/client.js";
import { dataOrThrow, failureOf } from "../../api/query.js";
import { ANY_FOLDER, onDriveChanged } from "../drive-events.js";
import type { FilesApi, ListRequest } from "./api.js";
import { takeEarlyList } from "./early-list.js";
import type { FirstPage } from "./first-page.js";
import { MAX_REFRESH, NEXT_PAGE, requestKey } from "./list-query.js";

export interface FileList {
  items: DriveFile[];
  /** More pages to load after `items`. */
  hasMore: boolean;
  /** Nothing loaded yet for this request. */
  initial: boolean;
  loading: boolean;
  error?: ApiFailure | undefined;
  loadMore(): void;
  /** Fetches again every row that is loaded (in pages of the API's largest size). */
  refresh(): void;
  /** An optimistic change to the loaded rows. */
  patch(change: (items: DriveFile[]) => DriveFile[]): void;
}

/** The query key of every drive list; a change anywhere in the drive can invalidate them all. */
export const FILE_LIST_KEY = ["file-list"] as const;

type Pages = InfiniteData<DriveFileList, string>;

/** Rows of later pages already listed (a row moved between pages while loading) show once. */
function uniqueItems(data: Pages | undefined): DriveFile[] {
  if (!data) return [];
  if (data.pages.length === 1) return data.pages[0]?.files ?? [];
  const seen = new Set<string>();
  const items: DriveFile[] = [];
  for (const page of data.pages)
    for (const file of page.files)
      if (!seen.has(file.id)) {
        seen.add(file.id);
        items.push(file);
      }
  return items;
}

/** The loaded pages as one page (the last page's token continues it): what a patch keeps. */
function collapsed(data: Pages, change: (items: DriveFile[]) => DriveFile[] = (items) => items): Pages {
  const last = data.pages[data.pages.length - 1];
  const files = change(uniqueItems(data));
  return { pages: [{ ...(last as DriveFileList), files }], pageParams: [""] };
}

/**
 * The loaded rows in pages of `size`, the last page's token on each (a refetch asks for
 * as many pages as there are, following the fresh pages' tokens; only the first param is read).
 */
function repaged(data: Pages, size: number): Pages {
  const last = data.pages[data.pages.length - 1] as DriveFileList;
  const items = uniqueItems(data);
  const pages: DriveFileList[] = [];
  for (let start = 0; start < items.length || pages.length === 0; start += size)
    pages.push({ ...last, files: items.slice(start, start + size) });
  return { pages, pageParams: pages.map(() => "") };
}

/**
 * A list over keyset pages through the query cache (decision 0062): the first page at once
 * (from the route loader or the request started before hydration), the next ones as the view
 * asks (`loadMore` near the end), rows patched in the cache for optimistic updates, and one
 * refetch of the loaded rows when someone announces a change to the watched folder. A view
 * visited again shows its cached rows while they are fetched again.
 */
export function useFileList(
  api: FilesApi,
  request: ListRequest,
  watched: string,
  enabled = true,
  firstPage?: FirstPage | null,
): FileList {
  const client = useQueryClient();
  const key = requestKey(request);
  const queryKey = useMemo(() => [...FILE_LIST_KEY, key], [key]);
  const preloaded = firstPage?.key === key ? firstPage : undefined;
  const requestRef = useRef(request);
  requestRef.current = request;
  /** The first page's size on the next fetch: the loaded rows when refreshing. */
  const firstLimit = useRef(request.limit);
  /** The size of the pages after the first: bigger while a refresh asks for every loaded row again. */
  const laterLimit = useRef(NEXT_PAGE);
  const refreshes = useRef(0);

  const query = useInfiniteQuery<DriveFileList, Error, Pages, readonly string[], string>({
    queryKey,
    queryFn: ({ pageParam, signal }) => {
      const limit = pageParam ? laterLimit.current : firstLimit.current;
      firstLimit.current = requestRef.current.limit;
      const early = pageParam ? undefined : takeEarlyList(key);
      return dataOrThrow(
        early ?? api.list({ ...requestRef.current, pageToken: pageParam || undefined, limit }, signal),
      );
    },
    initialPageParam: "",
    getNextPageParam: (last) => last.next_page_token || undefined,
    // Rows the loader brought render at once (and the server render has them already).
    initialData: preloaded && { pages: [preloaded.list], pageParams: [""] },
    enabled,
    // Refetching every loaded page (100,000 rows are 200 of them) is not what a change needs:
    // `refresh` asks once for the loaded rows instead, on a change and on coming back online.
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  // Every loaded row is asked for again, in pages of the API's largest size: a view scrolled
  // past the first page of a refresh keeps its rows and its place.
  const refresh = useCallback(() => {
    const data = client.getQueryData<Pages>(queryKey);
    if (data) {
      const loaded = data.pages.reduce((sum, page) => sum + page.files.length, 0);
      firstLimit.current = Math.min(MAX_REFRESH, Math.max(requestRef.current.limit, loaded));
      laterLimit.current = MAX_REFRESH;
      client.setQueryData<Pages>(queryKey, repaged(data, MAX_REFRESH));
    }
    const refreshing = ++refreshes.current;
    void client.refetchQueries({ queryKey, exact: true }).finally(() => {
      // A newer refresh cancelled this one and still needs the big pages.
      if (refreshes.current === refreshing) laterLimit.current = NEXT_PAGE;
    });
  }, [client, queryKey]);

  // A navigation's loader brought a newer first page of this view: it replaces the cached rows;
  // a view visited again without one shows its cached rows and asks for them again.
  const used = useRef<FirstPage | undefined>(preloaded);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the request
  useEffect(() => {
    if (!enabled) return;
    if (preloaded) {
      if (used.current !== preloaded) {
        used.current = preloaded;
        client.setQueryData<Pages>(queryKey, { pages: [preloaded.list], pageParams: [""] });
      }
      return;
    }
    const state = client.getQueryState(queryKey);
    if (state?.data && state.fetchStatus === "idle") refresh();
  }, [key, enabled, preloaded]);

  useEffect(
    () =>
      onDriveChanged(({ parentId }) => {
        if (watched === "*" || parentId === ANY_FOLDER || parentId === watched) refresh();
      }),
    [watched, refresh],
  );

  const { fetchNextPage, hasNextPage, isFetching } = query;
  const loadMore = useCallback(() => {
    if (!hasNextPage || isFetching) return;
    void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage, hasNextPage, isFetching]);

  const patch = useCallback(
    (change: (items: DriveFile[]) => DriveFile[]) =>
      client.setQueryData<Pages>(queryKey, (data) => data && collapsed(data, change)),
    [client, queryKey],
  );

  const items = useMemo(() => uniqueItems(query.data), [query.data]);
  return {
    items,
    hasMore: query.hasNextPage,
    initial: query.data === undefined && query.status !== "error",
    loading: query.isFetching,
    error: query.error ? failureOf(query.error) : undefined,
    loadMore,
    refresh,
    patch,
  };
}
