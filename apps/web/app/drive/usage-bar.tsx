import type { About } from "@nimbus/protocol";
import { formatBytes } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";

/** Disk usage: "X of Y used" over a bar (turns to the warning colour past 90 %). */
export function UsageBar({ about }: { about: About }) {
  const t = useT();
  const locale = useLocale();
  const usage = Number(about.quota.usage);
  const limit = Number(about.quota.limit);
  const percent = limit > 0 ? Math.min(100, Math.round((usage / limit) * 100)) : 0;
  const label = t("drive.usage", { used: formatBytes(usage, locale), total: formatBytes(limit, locale) });
  return (
    <div className="usage">
      <div
        className={percent >= 90 ? "usage-bar full" : "usage-bar"}
        role="progressbar"
        aria-label={t("drive.usage.label")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className="usage-text">{label}</p>
    </div>
  );
}
