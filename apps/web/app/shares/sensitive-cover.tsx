import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { useT } from "../i18n/i18n.js";

/**
 * What a viewer who chose to see sensitive shares (`displaySensitiveShare`) meets first on a
 * flagged share: a notice naming that setting, and "Show", which lets the files through.
 */
export function SensitiveCover({ onShow }: { onShow: () => void }) {
  const t = useT();
  return (
    <section className="card share-state share-cover" aria-labelledby="share-cover-title">
      <span className="empty-icon">
        <Icon d={icons.shield} size={40} />
      </span>
      <h2 id="share-cover-title">{t("shares.cover.title")}</h2>
      <p className="muted">{t("shares.cover.body", { setting: t("settings.sensitiveShares") })}</p>
      <div className="actions">
        <button type="button" className="button primary" onClick={onShow}>
          {t("shares.cover.show")}
        </button>
      </div>
    </section>
  );
}
