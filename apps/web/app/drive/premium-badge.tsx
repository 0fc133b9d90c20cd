import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { formatDate } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { vipDaysLeft } from "../lib/vip.js";
import { sessionPremium, useDriveSession } from "../session/session.js";

/** "Premium" with a star once the user is premium (only the star when `compact`), else the free plan's badge (when `free`). */
export function PremiumBadge({ free = false, compact = false }: { free?: boolean; compact?: boolean }) {
  const t = useT();
  const { session } = useDriveSession();
  if (sessionPremium(session) && compact)
    return (
      <span className="premium-badge compact" title={t("drive.user.premium")}>
        <Icon d={icons.crown} size={14} />
        <span className="visually-hidden">{t("drive.user.premium")}</span>
      </span>
    );
  if (sessionPremium(session))
    return (
      <span className="badge premium-badge">
        <Icon d={icons.crown} size={14} />
        {t("drive.user.premium")}
      </span>
    );
  return free ? <span className="badge">{t("drive.user.free")}</span> : null;
}

/** "Premium until 3 Dec 2026. 5 days left" while premium with an end date; else nothing. */
export function PremiumUntil() {
  const t = useT();
  const locale = useLocale();
  const { session } = useDriveSession();
  const expire = session.status === "ready" ? (session.vip?.expire ?? "") : "";
  if (!sessionPremium(session) || !expire) return null;
  return (
    <p className="plan-dates small" data-testid="premium-until">
      {t("account.plan.expires", { date: formatDate(expire, locale) })}{" "}
      <span className="muted">{t("account.plan.daysLeft", { days: vipDaysLeft(expire, Date.now()) })}</span>
    </p>
  );
}
