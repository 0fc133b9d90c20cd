import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { useT } from "../i18n/i18n.js";
import { sessionPremium, useDriveSession } from "../session/session.js";

/** "Premium" with a star once the user is premium (only the star when `compact`), else the free plan's badge (when `free`). */
export function PremiumBadge({ free = false, compact = false }: { free?: boolean; compact?: boolean }) {
  const t = useT();
  const { session } = useDriveSession();
  if (sessionPremium(session) && compact)
    return (
      <span className="premium-badge compact" title={t("drive.user.premium")}>
        <Icon d={icons.star} size={14} />
        <span className="visually-hidden">{t("drive.user.premium")}</span>
      </span>
    );
  if (sessionPremium(session))
    return (
      <span className="badge premium-badge">
        <Icon d={icons.star} size={14} />
        {t("drive.user.premium")}
      </span>
    );
  return free ? <span className="badge">{t("drive.user.free")}</span> : null;
}
