import { useCallback, useEffect, useRef, useState } from "react";
import type { ApiResult } from "../api/client.js";

/**
 * A table the server pages and filters: the rows so far, the next page's token, and a
 * reload when the filter changes. `fetchPage` asks one page after `pageToken`.
 */
export function useAdminList<Row>(
  fetchPage: (pageToken: string | undefined) => Promise<ApiResult<{ data: Row[]; next_page_token: string }>>,
) {
  const [rows, setRows] = useState<Row[]>([]);
  const [next, setNext] = useState("");
  const [busy, setBusy] = useState(true);
  const [error, setError] = useState<ApiResult<unknown> | undefined>(undefined);
  const generation = useRef(0);

  const load = useCallback(
    async (pageToken?: string) => {
      const mine = ++generation.current;
      setBusy(true);
      const answer = await fetchPage(pageToken);
      if (mine !== generation.current) return;
      setBusy(false);
      if (!answer.ok) {
        setError(answer);
        return;
      }
      setError(undefined);
      setRows((before) => (pageToken ? [...before, ...answer.data.data] : answer.data.data));
      setNext(answer.data.next_page_token);
    },
    [fetchPage],
  );

  useEffect(() => {
    void load();
  }, [load]);

  return {
    rows,
    busy,
    failure: error && !error.ok ? error.error : undefined,
    hasMore: next !== "",
    more: () => load(next),
    reload: () => load(),
    replace: (update: (rows: Row[]) => Row[]) => setRows(update),
  };
}
