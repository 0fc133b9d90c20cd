import type { ShareStatus, ShareUserInfo } from "@nimbus/protocol";
import { Link } from "react-router";
import { Icon } from "../components/icon.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { statusIcon, statusKeys } from "./share-status.js";
import { Sharer } from "./sharer.js";

/** The results a signed-in viewer can get past with `displaySensitiveShare` (behind a cover). */
const SENSITIVE = new Set<ShareStatus>(["SENSITIVE_RESOURCE", "SENSITIVE_WORD"]);

/**
 * A share that cannot be opened (expired, cancelled, blocked …): what happened and where to go.
 * A signed-in viewer of a sensitive share is told which setting would let them see it.
 */
export function ShareState({
  status,
  sharer,
  signedIn = false,
}: {
  status: ShareStatus;
  sharer: ShareUserInfo | null;
  signedIn?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const keys = statusKeys(status);
  return (
    <section className="card share-state" data-status={status} aria-labelledby="share-state-title">
      <span className="empty-icon">
        <Icon d={statusIcon(status)} size={40} />
      </span>
      {sharer && <Sharer user={sharer} />}
      <h2 id="share-state-title">{t(keys.title)}</h2>
      <p className="muted">{t(keys.body)}</p>
      {signedIn && SENSITIVE.has(status) && (
        <p className="muted">
          {t("shares.state.sensitiveSetting", { setting: t("settings.sensitiveShares") })}{" "}
          <Link to="/drive/account">{t("shares.state.openSettings")}</Link>
        </p>
      )}
      <div className="actions">
        <Link className="button primary" to="/drive/all">
          {t("nav.openDrive")}
        </Link>
        <Link className="button" to={localizedPath(locale, "/help-center")}>
          {t("shares.state.help")}
        </Link>
      </div>
    </section>
  );
}
