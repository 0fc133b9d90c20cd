// @vitest-environment happy-dom
import type { DriveFileList } from "@nimbus/protocol";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { QueryRoot } from "../../api/query.js";
import { driveFile } from "../../testing/dom.js";
import type { FilesApi, ListRequest } from "./api.js";
import { MAX_REFRESH } from "./list-query.js";
import { useFileList } from "./use-file-list.js";

const TOTAL = 2_500;
const ROWS = Array.from({ length: TOTAL }, (_, i) => driveFile({ id: `f${i}`, name: `file-${i}.txt` }));

/** A folder of 2,500 files behind keyset pages: the page token is the next row's index. */
function folderApi() {
  const asked: { limit: number; from: number }[] = [];
  const api = {
    list: async (request: ListRequest) => {
      const from = Number(request.pageToken ?? 0);
      asked.push({ limit: request.limit, from });
      const files = ROWS.slice(from, from + request.limit);
      const next = from + files.length;
      const page = { kind: "drive#fileList", files, next_page_token: next < TOTAL ? String(next) : "" };
      return { ok: true as const, data: page as unknown as DriveFileList };
    },
  } as unknown as FilesApi;
  return { api, asked };
}

const REQUEST: ListRequest = { parentId: "", order: "NAME_ASC", pinFoldersTop: true, limit: 100 };
const wrapper = ({ children }: { children: ReactNode }) => <QueryRoot>{children}</QueryRoot>;

describe("useFileList", () => {
  it("refreshes every loaded row, so a view scrolled past 1,000 rows keeps them", async () => {
    const { api, asked } = folderApi();
    const { result } = renderHook(() => useFileList(api, REQUEST, ""), { wrapper });
    await waitFor(() => expect(result.current.items).toHaveLength(100));
    for (const expected of [600, 1_100, 1_600]) {
      act(() => result.current.loadMore());
      await waitFor(() => expect(result.current.items).toHaveLength(expected));
    }
    asked.length = 0;

    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.loading).toBe(false));

    // Two big pages of 1,000 rows, not one page that drops the 600 rows past it.
    expect(result.current.items).toHaveLength(2_000);
    expect(result.current.items[1_599]?.id).toBe("f1599");
    expect(asked).toEqual([
      { limit: MAX_REFRESH, from: 0 },
      { limit: MAX_REFRESH, from: MAX_REFRESH },
    ]);
    expect(result.current.hasMore).toBe(true);

    // Scrolling on after the refresh asks for ordinary pages again.
    asked.length = 0;
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(TOTAL));
    expect(asked).toEqual([{ limit: 500, from: 2_000 }]);
  });
});
