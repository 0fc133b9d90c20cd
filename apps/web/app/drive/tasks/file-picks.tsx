import { useId } from "react";
import { formatBytes } from "../../i18n/format.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import type { CheckedResource, CreateTaskSource } from "./offline-api.js";

/** One link of the dialog: what it is, what the checker said, which files are kept, how creating went. */
export interface Entry {
  key: string;
  /** What the user sees: the link, or the torrent's file name. */
  label: string;
  source: CreateTaskSource;
  checked?: CheckedResource;
  picked?: Set<string>;
  result?: { ok: true } | { ok: false; message: string };
}

export type Step = "edit" | "checking" | "pick" | "creating" | "done";

/** The files of one magnet or torrent, with checkboxes and select all / none. */
export function FilePicks({ entry, onChange }: { entry: Entry; onChange(picked: Set<string>): void }) {
  const t = useT();
  const locale = useLocale();
  const files = entry.checked?.files ?? [];
  const picked = entry.picked ?? new Set<string>();
  const groupId = useId();
  if (files.length === 0) return null;
  return (
    <fieldset className="task-files" aria-describedby={`${groupId}-count`}>
      <legend>
        <bdi>{entry.checked?.name || entry.label}</bdi>
      </legend>
      <div className="task-files-tools">
        <span id={`${groupId}-count`} className="muted">
          {t("tasks.files.count", { picked: picked.size, total: files.length })}
        </span>
        <button
          type="button"
          className="link-button"
          onClick={() => onChange(new Set(files.map((f) => f.index)))}
        >
          {t("tasks.files.all")}
        </button>
        <button type="button" className="link-button" onClick={() => onChange(new Set())}>
          {t("tasks.files.none")}
        </button>
      </div>
      <ul className="task-file-list">
        {files.map((file) => (
          <li key={file.index}>
            <label>
              <input
                type="checkbox"
                checked={picked.has(file.index)}
                onChange={(event) => {
                  const next = new Set(picked);
                  if (event.currentTarget.checked) next.add(file.index);
                  else next.delete(file.index);
                  onChange(next);
                }}
              />
              <span className="task-file-path">
                <bdi>{file.path}</bdi>
              </span>
              {file.size !== undefined && (
                <span className="muted">{formatBytes(Number(file.size), locale)}</span>
              )}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
