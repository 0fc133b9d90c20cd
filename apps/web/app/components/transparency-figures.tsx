import type { TransparencyReport } from "@nimbus/protocol";
import { useLocale, useT } from "../i18n/i18n.js";

/** How long a report waited for action, in the largest whole unit that fits. */
function waitText(seconds: number | null, t: ReturnType<typeof useT>): string {
  if (seconds === null) return t("transparency.wait.none");
  if (seconds < 3600) return t("transparency.wait.minutes", { count: Math.max(1, Math.round(seconds / 60)) });
  if (seconds < 172_800) return t("transparency.wait.hours", { count: Math.round(seconds / 3600) });
  return t("transparency.wait.days", { count: Math.round(seconds / 86_400) });
}

/**
 * The transparency report's figures of one period (public page and admin console): reports
 * received and acted on by reason, then shares, contents and accounts actioned and the median wait.
 */
export function TransparencyFigures({ report }: { report: TransparencyReport }) {
  const t = useT();
  const locale = useLocale();
  const number = new Intl.NumberFormat(locale);
  const period = report.period === "all" ? t("transparency.period.all") : report.period;
  return (
    <>
      <div className="table-wrap">
        <table className="transparency-table">
          <caption>{t("transparency.reports.caption", { period })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("transparency.col.reason")}</th>
              <th scope="col">{t("transparency.col.received")}</th>
              <th scope="col">{t("transparency.col.actioned")}</th>
            </tr>
          </thead>
          <tbody>
            {report.reports.map((row) => (
              <tr key={row.reason}>
                <th scope="row">{t(`shares.report.reason.${row.reason}`)}</th>
                <td>{number.format(row.received)}</td>
                <td>{number.format(row.actioned)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="transparency-totals">
        <div>
          <dt>{t("transparency.sharesBlocked")}</dt>
          <dd>{number.format(report.shares_blocked)}</dd>
        </div>
        <div>
          <dt>{t("transparency.contentsBlocked")}</dt>
          <dd>{number.format(report.contents_blocked)}</dd>
        </div>
        <div>
          <dt>{t("transparency.accountsActioned")}</dt>
          <dd>{number.format(report.accounts_actioned)}</dd>
        </div>
        <div>
          <dt>{t("transparency.medianWait")}</dt>
          <dd>{waitText(report.median_seconds_to_action, t)}</dd>
        </div>
      </dl>
    </>
  );
}
