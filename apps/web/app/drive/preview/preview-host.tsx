import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { usePageAction } from "../../components/platform/page-actions.js";
import { onPreviewRequest, type PreviewRequest, requestPreview } from "./preview-events.js";

type PreviewModule = typeof import("./preview-dialog.js");

/**
 * Opens the preview dialog on `requestPreview(...)` and on `?action=open_file&file_id=`.
 * The dialog and its viewers load on the first preview.
 */
export function PreviewHost() {
  const [preview, setPreview] = useState<{ module: PreviewModule; request: PreviewRequest; key: number }>();
  const [params, setParams] = useSearchParams();
  useEffect(
    () =>
      onPreviewRequest((request) => {
        void import("./preview-dialog.js").then((module) =>
          setPreview((current) => ({ module, request, key: (current?.key ?? 0) + 1 })),
        );
      }),
    [],
  );
  usePageAction("open_file", (actionParams) => {
    if (actionParams.file_id) requestPreview(actionParams.file_id);
  });
  if (!preview) return null;
  const { module, request, key } = preview;
  const close = () => {
    setPreview(undefined);
    if (params.get("action") === "open_file") {
      const next = new URLSearchParams(params);
      next.delete("action");
      next.delete("file_id");
      setParams(next, { replace: true, preventScrollReset: true });
    }
  };
  return <module.PreviewDialog key={key} request={request} onClose={close} />;
}
