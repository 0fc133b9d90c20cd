import { Link } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { useT } from "../i18n/i18n.js";
import type { SaveState } from "./use-restore.js";

/** Progress and outcome of "Save to my drive". */
export function SaveStatus({ state, onDismiss }: { state: SaveState; onDismiss(): void }) {
  const t = useT();
  if (state.kind === "idle") return null;
  if (state.kind === "failed")
    return (
      <div className="share-save-status failed" role="alert">
        <p>{state.message}</p>
        <button type="button" className="button ghost" onClick={onDismiss}>
          {t("common.close")}
        </button>
      </div>
    );
  const folder = state.target.name || t("shares.picker.myDrive");
  if (state.kind === "saving")
    return (
      <div className="share-save-status" role="status">
        <p>{t("shares.saving", { count: state.count, folder })}</p>
        <progress max={100} value={state.progress} aria-label={t("shares.saving.progress")} />
      </div>
    );
  return (
    <div className="share-save-status done" role="status" data-testid="save-done">
      <Icon d={icons.check} />
      <p>{t("shares.saved", { count: state.count, folder })}</p>
      <Link className="button" to="/drive/all">
        {t("shares.saved.open")}
      </Link>
      <button type="button" className="icon-button" aria-label={t("common.close")} onClick={onDismiss}>
        <Icon d={icons.close} size={18} />
      </button>
    </div>
  );
}
