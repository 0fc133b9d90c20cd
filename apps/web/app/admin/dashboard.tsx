import type { AdminDashboard } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { useEffect, useState } from "react";
import { type ApiFailure, callEndpoint, errorText } from "../api/client.js";
import { LoadFailed, LoadingLine } from "../components/load-state.js";
import { formatBytes } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { formatMoment } from "./format.js";

/** The server at a glance: users, storage and what dedup saves, jobs and tasks by state, recent errors. */
export function DashboardSection() {
  const t = useT();
  const locale = useLocale();
  const [figures, setFigures] = useState<AdminDashboard | undefined>(undefined);
  const [failure, setFailure] = useState<ApiFailure | undefined>(undefined);
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks again (Try again)
  useEffect(() => {
    void callEndpoint(nimbusApi.admin.dashboard, { locale }).then((answer) => {
      if (answer.ok) setFigures(answer.data);
      else setFailure(answer.error);
    });
  }, [locale, version]);
  const retry = () => {
    setFailure(undefined);
    setVersion((v) => v + 1);
  };
  if (failure) return <LoadFailed message={errorText(failure, t)} error={failure.error} retry={retry} />;
  if (!figures) return <LoadingLine />;
  const number = new Intl.NumberFormat(locale);
  const tiles: [string, string][] = [
    [t("admin.dash.users"), number.format(figures.users.total)],
    [t("admin.dash.blocked"), number.format(figures.users.blocked)],
    [t("admin.dash.premium"), number.format(figures.users.premium)],
    [t("admin.dash.used"), formatBytes(figures.storage.used, locale)],
    [t("admin.dash.stored"), formatBytes(figures.storage.stored, locale)],
    [t("admin.dash.saved"), formatBytes(figures.storage.saved_by_dedup, locale)],
    [t("admin.dash.openReports"), number.format(figures.open_reports)],
    [t("admin.dash.openFeedback"), number.format(figures.open_feedback)],
  ];
  return (
    <>
      <dl className="console-tiles">
        {tiles.map(([label, value]) => (
          <div key={label} className="card console-tile">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="console-columns">
        <div className="card console-card">
          <h2>{t("admin.dash.jobs")}</h2>
          <dl className="console-facts">
            {figures.jobs.map((row) => (
              <div key={row.state}>
                <dt>
                  <code>{row.state}</code>
                </dt>
                <dd>{number.format(row.count)}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="card console-card">
          <h2>{t("admin.dash.tasks")}</h2>
          <dl className="console-facts">
            {figures.tasks.map((row) => (
              <div key={row.phase}>
                <dt>
                  <code>{row.phase}</code>
                </dt>
                <dd>{number.format(row.count)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <div className="card console-card">
        <h2>{t("admin.dash.errors")}</h2>
        {figures.recent_errors.length === 0 ? (
          <p className="muted">{t("admin.list.empty")}</p>
        ) : (
          <ul className="console-rows">
            {figures.recent_errors.map((error) => (
              <li key={`${error.source}-${error.id}`}>
                <code>{error.type}</code>
                <span className="console-wrap">{error.error}</span>
                <span className="muted">{formatMoment(error.time, locale)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
