import type { ReactNode } from "react";
import { useT } from "../../i18n/i18n.js";
import { Icon } from "../icon.js";
import { Spinner } from "../spinner.js";
import * as icons from "./player-icons.js";
import type { Status } from "./player-state.js";
import { formatTime } from "./time.js";

/** "Loading…" while the plan comes (said), a spinner while the picture waits for data (read out only). */
export function LoadingNote({ planning }: { planning: boolean }) {
  const t = useT();
  return (
    <p className="player-status" role="status">
      <Spinner />{" "}
      {planning ? t("player.loading") : <span className="visually-hidden">{t("player.loading")}</span>}
    </p>
  );
}

/** Why nothing plays (the server's own message for a full transcode limit), Try again when worth it, the download. */
export function FailureNote({
  status,
  onRetry,
  download,
}: {
  status: Extract<Status, { kind: "failed" }>;
  onRetry(): void;
  download: ReactNode;
}) {
  const t = useT();
  return (
    <div className="player-failed" role="alert">
      <Icon d={icons.converted} size={32} />
      <p>{status.message}</p>
      <div className="player-failed-actions">
        {status.retry && (
          <button type="button" className="button primary" onClick={onRetry}>
            {t("player.retry")}
          </button>
        )}
        {download}
      </div>
    </div>
  );
}

/** "Converted for this browser" on a plan that is not the original bytes. */
export function ConvertedChip() {
  const t = useT();
  return (
    <p className="player-chip" title={t("player.converted.detail")}>
      <Icon d={icons.converted} size={14} />
      {t("player.converted")}
    </p>
  );
}

/** "Resumed from 12:34" with Start over. */
export function ResumedNote({ at, onStartOver }: { at: number; onStartOver(): void }) {
  const t = useT();
  return (
    <div className="player-resumed" role="status">
      <span>{t("player.resumed", { time: formatTime(at) })}</span>
      <button type="button" className="player-link" onClick={onStartOver}>
        {t("player.startOver")}
      </button>
    </div>
  );
}
