import type { TransparencyReport } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { useEffect, useState } from "react";
import { type ApiFailure, callEndpoint, errorText } from "../api/client.js";
import { LoadFailed, LoadingLine } from "../components/load-state.js";
import { TransparencyFigures } from "../components/transparency-figures.js";
import { useLocale, useT } from "../i18n/i18n.js";

/** The transparency report's figures as the public page shows them, by year. */
export function TransparencySection() {
  const t = useT();
  const locale = useLocale();
  const [year, setYear] = useState<number | undefined>(undefined);
  const [report, setReport] = useState<TransparencyReport | undefined>(undefined);
  const [failure, setFailure] = useState<ApiFailure | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks again (Try again)
  useEffect(() => {
    void callEndpoint(nimbusApi.drive.transparencyReport, {
      query: year === undefined ? {} : { year },
      locale,
    }).then((answer) => {
      if (answer.ok) setReport(answer.data);
      else setFailure(answer.error);
    });
  }, [year, locale, attempt]);
  const retry = () => {
    setFailure(undefined);
    setAttempt((n) => n + 1);
  };
  if (failure) return <LoadFailed message={errorText(failure, t)} error={failure.error} retry={retry} />;
  if (!report) return <LoadingLine />;
  return (
    <div className="card console-card">
      <label>
        <span>{t("transparency.period.label")}</span>{" "}
        <select
          value={year === undefined ? "" : String(year)}
          onChange={(event) => setYear(event.target.value ? Number(event.target.value) : undefined)}
        >
          <option value="">{t("transparency.period.all")}</option>
          {report.years.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </label>
      <TransparencyFigures report={report} />
    </div>
  );
}
