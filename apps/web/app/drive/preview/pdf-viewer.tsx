import type { DriveFile } from "@nimbus/protocol";
import { useEffect, useState } from "react";
import { Spinner } from "../../components/spinner.js";
import { formatBytes } from "../../i18n/format.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import { Unsupported } from "./unsupported.js";
import { linkPath } from "./use-drive-file.js";

/** Larger PDFs are downloaded rather than held in memory for the viewer. */
export const PDF_PREVIEW_MAX_BYTES = 100 * 1024 * 1024;

/**
 * A PDF in the browser's own viewer. File responses carry a sandboxing CSP (decision
 * 0005), under which browsers refuse their PDF viewer, so the bytes are fetched and
 * shown from a `blob:` URL of type application/pdf, without the viewer's own toolbar.
 */
export function PdfViewer({ file }: { file: DriveFile }) {
  const t = useT();
  const locale = useLocale();
  const size = Number(file.size);
  const tooLarge = size > PDF_PREVIEW_MAX_BYTES;
  const [state, setState] = useState<{ url?: string; failed?: boolean }>({});
  useEffect(() => {
    if (!file.web_content_link || tooLarge) return;
    const controller = new AbortController();
    let url: string | undefined;
    fetch(linkPath(file.web_content_link), { signal: controller.signal })
      .then((response) =>
        response.ok ? response.arrayBuffer() : Promise.reject(new Error(`${response.status}`)),
      )
      .then((bytes) => {
        url = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
        setState({ url });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ failed: true });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [file.web_content_link, tooLarge]);
  if (!file.web_content_link) return <Unsupported file={file} reason="preview.notReady" />;
  if (tooLarge)
    return <Unsupported file={file} reason="preview.tooLarge" params={{ size: formatBytes(size, locale) }} />;
  if (state.failed) return <Unsupported file={file} reason="preview.loadFailed" />;
  if (!state.url)
    return (
      <p className="preview-status" role="status">
        <Spinner /> {t("common.loading")}
      </p>
    );
  // The preview's own head names the file and offers the download: the browser viewer's
  // toolbar would repeat it, titled with the blob URL's id, so it is turned off.
  return <iframe className="preview-pdf" src={pdfViewerUrl(state.url)} title={file.name} />;
}

/** The viewer's address for a PDF: no toolbar, no side panel (Chromium's and Firefox's viewers read these). */
export function pdfViewerUrl(url: string): string {
  return `${url}#toolbar=0&navpanes=0`;
}
