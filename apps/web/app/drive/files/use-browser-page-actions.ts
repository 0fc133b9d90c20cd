import type { DriveFile } from "@nimbus/protocol";
import { useEffect, useState } from "react";
import { usePageAction } from "../../components/platform/page-actions.js";
import type { FilesApi } from "./api.js";
import type { DialogState } from "./browser-dialogs.js";
import { type Selection, selectBox } from "./selection.js";

/** `file_ids` (or `ids`, `file_id`) of a page action: comma-separated ids. */
export function actionIds(params: Record<string, string>): string[] {
  const raw = params.file_ids ?? params.ids ?? params.file_id ?? "";
  return raw
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
}

/**
 * The list's page actions (spec §4): `highlight_files` selects the named items and
 * scrolls to the first once they are loaded; `move_files` opens the folder picker for them.
 */
export function useBrowserPageActions({
  items,
  ids,
  api,
  setSelection,
  reveal,
  setDialog,
}: {
  items: readonly DriveFile[];
  ids: readonly string[];
  api: FilesApi;
  setSelection(selection: Selection): void;
  reveal(): void;
  setDialog(dialog: DialogState): void;
}) {
  // State, not a ref: the list may be loaded already when the action arrives (the server
  // rendered it), and nothing else would run the effect again.
  const [highlight, setHighlight] = useState<string[]>([]);
  usePageAction("highlight_files", (params) => setHighlight(actionIds(params)));
  useEffect(() => {
    if (highlight.length === 0 || ids.length === 0) return;
    const wanted = new Set(highlight);
    const covered = ids.flatMap((id, index) => (wanted.has(id) ? [index] : []));
    if (covered.length === 0) return;
    setHighlight([]);
    setSelection(selectBox(ids, covered));
    reveal();
  }, [ids, highlight, setSelection, reveal]);

  usePageAction("move_files", (params) => {
    const wanted = actionIds(params);
    if (wanted.length === 0) return;
    const known = items.filter((f) => wanted.includes(f.id));
    if (known.length === wanted.length) return setDialog({ kind: "move", files: [...known] });
    void Promise.all(wanted.map((id) => api.get(id))).then((results) => {
      const files = results.flatMap((r) => (r.ok ? [r.data] : []));
      if (files.length) setDialog({ kind: "move", files });
    });
  });
}
