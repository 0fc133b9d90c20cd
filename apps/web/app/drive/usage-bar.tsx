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
  return <Meter className="usage" name={t("drive.usage.label")} percent={percent} label={label} />;
}

/**
 * This month's download traffic (`about.quotas.download`): what is left of the allowance,
 * over a bar of what is used; "-1" is unlimited. Nothing when the server does not say.
 */
export function TrafficBar({ about }: { about: About }) {
  const t = useT();
  const locale = useLocale();
  const quota = about.quotas?.download;
  if (!quota) return null;
  const total = Number(quota.total_assets);
  if (total < 0)
    return (
      <div className="usage traffic">
        <p className="usage-text">{t("drive.traffic.unlimited")}</p>
      </div>
    );
  const left = Math.max(0, Number(quota.assets));
  const used = Math.max(0, total - left);
  const percent = total > 0 ? Math.min(100, Math.round((used / total) * 100)) : 100;
  const label = t("drive.traffic.left", {
    left: formatBytes(left, locale),
    total: formatBytes(total, locale),
  });
  return <Meter className="usage traffic" name={t("drive.traffic.label")} percent={percent} label={label} />;
}

/** A used-of-total bar with its text below (the warning colour past 90 %). */
function Meter({
  className,
  name,
  percent,
  label,
}: {
  className: string;
  name: string;
  percent: number;
  label: string;
}) {
  return (
    <div className={className}>
      <div
        className={percent >= 90 ? "usage-bar full" : "usage-bar"}
        role="progressbar"
        aria-label={name}
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
