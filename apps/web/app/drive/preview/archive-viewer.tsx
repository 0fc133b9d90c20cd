import type { ArchiveEntry, ArchiveList, DriveFile } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { useCallback, useEffect, useState } from "react";
import { type ApiFailure, callEndpoint, errorText } from "../../api/client.js";
import { Icon } from "../../components/icon.js";
import { Spinner } from "../../components/spinner.js";
import { formatBytes } from "../../i18n/format.js";
import { type Translate, useLocale, useT } from "../../i18n/i18n.js";
import * as previewIcons from "./preview-icons.js";
import { linkPath } from "./use-drive-file.js";
import { useExtraction } from "./use-extraction.js";

/** Entries drawn at once; the summary gives the full count. */
const MAX_ENTRIES = 1000;

type ListState =
  | { status: "loading" }
  | { status: "ready"; list: ArchiveList }
  | { status: "password"; wrong: boolean }
  | { status: "error"; failure: ApiFailure };

function depthOf(entry: ArchiveEntry): number {
  return entry.parent_path ? entry.parent_path.split("/").length : 0;
}

/**
 * Why the archive's contents cannot be shown. When this server has no program for its
 * format (`preview_not_set_up`, decision 0056), the file itself is offered for download.
 */
export function ArchiveFailure({
  failure,
  file,
  t,
}: {
  failure: ApiFailure;
  file: Pick<DriveFile, "name" | "web_content_link">;
  t: Translate;
}) {
  return (
    <>
      <p className="preview-status" role="alert">
        {errorText(failure, t)}
      </p>
      {failure.error === "preview_not_set_up" && file.web_content_link && (
        <p className="preview-status">
          <a className="button primary" href={linkPath(file.web_content_link)} download={file.name}>
            {t("preview.download")}
          </a>
        </p>
      )}
    </>
  );
}

/**
 * An archive's contents (`POST /decompress/v1/list`) as an indented tree, with a
 * password prompt for encrypted ones and "Extract here", which runs the extraction
 * task into the archive's folder and refreshes the list when it ends.
 */
export function ArchiveViewer({ file }: { file: DriveFile }) {
  const t = useT();
  const locale = useLocale();
  const [state, setState] = useState<ListState>({ status: "loading" });
  const [password, setPassword] = useState("");
  const extraction = useExtraction(file);

  const load = useCallback(
    (withPassword?: string) => {
      setState({ status: "loading" });
      void callEndpoint(nimbusApi.decompress.listArchive, {
        body: { file_id: file.id, ...(withPassword && { password: withPassword }) },
        locale,
      }).then((answer) => {
        if (answer.ok) setState({ status: "ready", list: answer.data });
        else if (answer.error.error === "archive_password_required")
          setState({ status: "password", wrong: false });
        else if (answer.error.error === "archive_password_invalid")
          setState({ status: "password", wrong: true });
        else setState({ status: "error", failure: answer.error });
      });
    },
    [file.id, locale],
  );
  useEffect(() => load(), [load]);

  if (state.status === "loading")
    return (
      <p className="preview-status" role="status">
        <Spinner /> {t("common.loading")}
      </p>
    );
  if (state.status === "error") return <ArchiveFailure failure={state.failure} file={file} t={t} />;
  if (state.status === "password")
    return (
      <form
        className="preview-archive-password"
        onSubmit={(event) => {
          event.preventDefault();
          load(password);
        }}
      >
        <p>{t("preview.archive.password")}</p>
        <label htmlFor="archive-password">{t("preview.archive.passwordLabel")}</label>
        <div className="inline-form">
          <input
            id="archive-password"
            type="password"
            value={password}
            autoComplete="off"
            required
            aria-invalid={state.wrong}
            aria-describedby={state.wrong ? "archive-password-error" : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button className="button primary" type="submit">
            {t("preview.archive.open")}
          </button>
        </div>
        {state.wrong && (
          <p id="archive-password-error" className="form-message error" role="alert">
            {t("preview.archive.wrongPassword")}
          </p>
        )}
      </form>
    );

  const { list } = state;
  const entries = [...list.entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const shown = entries.slice(0, MAX_ENTRIES);
  return (
    <section className="preview-archive" aria-labelledby="archive-title">
      <header className="preview-archive-head">
        <div>
          <h3 id="archive-title">{t("preview.archive.title")}</h3>
          <p className="muted">
            {t("preview.archive.summary", {
              count: list.entry_count,
              size: formatBytes(list.total_size, locale),
            })}
          </p>
        </div>
        <button
          type="button"
          className="button primary"
          disabled={extraction.state.status === "running"}
          onClick={() => extraction.start(password || undefined)}
        >
          {t("preview.archive.extract")}
        </button>
      </header>
      {extraction.state.status !== "idle" && (
        <p
          className={extraction.state.status === "failed" ? "form-message error" : "preview-notice"}
          role={extraction.state.status === "failed" ? "alert" : "status"}
        >
          {extraction.state.status === "running"
            ? t("preview.archive.extracting", { percent: extraction.state.progress })
            : extraction.state.status === "done"
              ? t("preview.archive.extracted")
              : extraction.state.message}
        </p>
      )}
      <ul className="preview-archive-list">
        {shown.map((entry) => (
          <li key={entry.path} style={{ paddingInlineStart: `${12 + depthOf(entry) * 20}px` }}>
            <Icon d={entry.is_dir ? previewIcons.archiveFolder : previewIcons.archiveFile} size={18} />
            <span className="preview-archive-name">{entry.name}</span>
            {entry.encrypted && <span className="badge">{t("preview.archive.encrypted")}</span>}
            {!entry.is_dir && <span className="muted">{formatBytes(entry.size, locale)}</span>}
          </li>
        ))}
      </ul>
      {entries.length > shown.length && (
        <p className="muted preview-archive-more">
          {t("preview.archive.more", { count: entries.length - shown.length })}
        </p>
      )}
    </section>
  );
}
