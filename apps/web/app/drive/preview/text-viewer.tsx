import type { DriveFile } from "@nimbus/protocol";
import { useEffect, useState } from "react";
import { Spinner } from "../../components/spinner.js";
import { formatBytes } from "../../i18n/format.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import { Unsupported } from "./unsupported.js";
import { linkPath } from "./use-drive-file.js";

/** How much of a text file is shown: a range request, so a huge log costs no more. */
export const TEXT_PREVIEW_BYTES = 512 * 1024;

/** Text from the first bytes of a file; undefined when they look binary (a NUL byte). */
export function decodeText(bytes: Uint8Array, truncated: boolean): string | undefined {
  if (bytes.includes(0)) return undefined;
  // A cut may split a multi-byte character: drop the incomplete tail rather than show U+FFFD.
  let end = bytes.length;
  if (truncated) {
    let back = 0;
    while (back < 4 && end - back - 1 >= 0 && ((bytes[end - back - 1] ?? 0) & 0xc0) === 0x80) back += 1;
    const lead = bytes[end - back - 1] ?? 0;
    const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
    if (length > 1 && back + 1 < length) end = end - back - 1;
  }
  return new TextDecoder("utf-8").decode(bytes.subarray(0, end));
}

type TextState =
  | { status: "loading" }
  | { status: "ready"; text: string }
  | { status: "binary" }
  | { status: "failed" };

/** Text and source code as plain text with line numbers; never run or rendered as markup. */
export function TextViewer({ file }: { file: DriveFile }) {
  const t = useT();
  const locale = useLocale();
  const size = Number(file.size);
  const truncated = size > TEXT_PREVIEW_BYTES;
  const [state, setState] = useState<TextState>({ status: "loading" });
  useEffect(() => {
    if (!file.web_content_link) return;
    const controller = new AbortController();
    fetch(linkPath(file.web_content_link), {
      signal: controller.signal,
      headers: truncated ? { range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` } : {},
    })
      .then((response) =>
        response.ok ? response.arrayBuffer() : Promise.reject(new Error(`${response.status}`)),
      )
      .then((buffer) => {
        const text = decodeText(new Uint8Array(buffer).subarray(0, TEXT_PREVIEW_BYTES), truncated);
        setState(text === undefined ? { status: "binary" } : { status: "ready", text });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: "failed" });
      });
    return () => controller.abort();
  }, [file.web_content_link, truncated]);
  if (!file.web_content_link) return <Unsupported file={file} reason="preview.notReady" />;
  if (state.status === "binary") return <Unsupported file={file} reason="preview.binary" />;
  if (state.status === "failed") return <Unsupported file={file} reason="preview.loadFailed" />;
  if (state.status === "loading")
    return (
      <p className="preview-status" role="status">
        <Spinner /> {t("common.loading")}
      </p>
    );
  const lines = state.text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return (
    <div className="preview-text">
      {truncated && (
        <p className="preview-notice">
          {t("preview.truncated", {
            shown: formatBytes(TEXT_PREVIEW_BYTES, locale),
            total: formatBytes(size, locale),
          })}
        </p>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the text scrolls and must be reachable by keyboard */}
      <section className="preview-code" tabIndex={0} aria-label={file.name}>
        <pre>
          <code>
            {lines.map((line, number) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are identified by their number
              <span key={number} className="preview-line">
                {line}
                {"\n"}
              </span>
            ))}
          </code>
        </pre>
      </section>
    </div>
  );
}
