import type { DriveFile } from "@nimbus/protocol";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ApiFailure } from "../../api/client.js";
import { ANY_FOLDER, onDriveChanged } from "../drive-events.js";
import type { FilesApi, ListRequest } from "./api.js";
import { takeEarlyList } from "./early-list.js";
import type { FirstPage } from "./first-page.js";
import { MAX_REFRESH, NEXT_PAGE, requestKey } from "./list-query.js";

export interface FileListState {
  items: DriveFile[];
  /** More pages to load after `items`. */
  hasMore: boolean;
  /** Nothing loaded yet for this request. */
  initial: boolean;
  loading: boolean;
  error?: ApiFailure;
}

export interface FileList extends FileListState {
  loadMore(): void;
  /** Fetches again, keeping as many rows as are loaded (up to one big page). */
  refresh(): void;
  /** An optimistic change to the loaded rows. */
  patch(change: (items: DriveFile[]) => DriveFile[]): void;
}

const EMPTY: FileListState = { items: [], hasMore: false, initial: true, loading: true };

/**
 * A list over keyset pages: the first page at once, the next ones as the view asks
 * (`loadMore` near the end), rows patched in place for optimistic updates, and a
 * refetch when someone announces a change to the watched folder.
 */
export function useFileList(
  api: FilesApi,
  request: ListRequest,
  watched: string,
  enabled = true,
  firstPage?: FirstPage | null,
): FileList {
  const key = requestKey(request);
  const preloaded = firstPage?.key === key ? firstPage : undefined;
  // Rows the loader brought render at once (and the server render has them already).
  const [state, setState] = useState<FileListState>(() => (preloaded ? fromPage(preloaded) : EMPTY));
  const token = useRef<string>(preloaded?.list.next_page_token ?? "");
  const used = useRef<FirstPage | undefined>(preloaded);
  const inFlight = useRef<AbortController | null>(null);
  const requestRef = useRef(request);
  requestRef.current = request;

  const fetchPage = useCallback(
    (pageToken: string, limit: number, replace: boolean) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setState((s) => ({ ...s, loading: true, error: undefined }));
      const early = replace && !pageToken ? takeEarlyList(requestKey(requestRef.current)) : undefined;
      (
        early ??
        api.list({ ...requestRef.current, pageToken: pageToken || undefined, limit }, controller.signal)
      ).then(
        (result) => {
          if (controller.signal.aborted) return;
          inFlight.current = null;
          if (!result.ok) {
            setState((s) => ({ ...s, loading: false, initial: false, error: result.error }));
            return;
          }
          token.current = result.data.next_page_token;
          setState((s) => {
            const items = replace ? result.data.files : appendUnique(s.items, result.data.files);
            return { items, hasMore: token.current !== "", initial: false, loading: false };
          });
        },
        () => {}, // aborted: a newer request is under way
      );
    },
    [api],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the request
  useEffect(() => {
    if (!enabled) return;
    if (preloaded) {
      // Already showing it (first render), or a navigation's loader brought it.
      if (used.current !== preloaded) {
        used.current = preloaded;
        token.current = preloaded.list.next_page_token;
        setState(fromPage(preloaded));
      }
      return;
    }
    token.current = "";
    setState(EMPTY);
    fetchPage("", request.limit, true);
    return () => inFlight.current?.abort();
  }, [key, enabled, fetchPage, preloaded]);

  const loadMore = useCallback(() => {
    if (inFlight.current || !token.current) return;
    fetchPage(token.current, NEXT_PAGE, false);
  }, [fetchPage]);

  const sizeRef = useRef(0);
  sizeRef.current = state.items.length;
  const refresh = useCallback(() => {
    fetchPage("", Math.min(MAX_REFRESH, Math.max(requestRef.current.limit, sizeRef.current)), true);
  }, [fetchPage]);

  useEffect(
    () =>
      onDriveChanged(({ parentId }) => {
        if (watched === "*" || parentId === ANY_FOLDER || parentId === watched) refresh();
      }),
    [watched, refresh],
  );

  const patch = useCallback((change: (items: DriveFile[]) => DriveFile[]) => {
    setState((s) => ({ ...s, items: change(s.items) }));
  }, []);

  return { ...state, loadMore, refresh, patch };
}

function fromPage(page: FirstPage): FileListState {
  const { files, next_page_token } = page.list;
  return { items: files, hasMore: next_page_token !== "", initial: false, loading: false };
}

function appendUnique(items: DriveFile[], more: DriveFile[]): DriveFile[] {
  const seen = new Set(items.map((item) => item.id));
  return items.concat(more.filter((item) => !seen.has(item.id)));
}
