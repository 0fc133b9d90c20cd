import type { TransparencyReport } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { useEffect, useState } from "react";
import { type ApiFailure, callEndpoint, errorText } from "../api/client.js";
import { Spinner } from "../components/spinner.js";
import { TransparencyFigures } from "../components/transparency-figures.js";
import { useLocale, useT } from "../i18n/i18n.js";

/** The transparency report's figures as the public page shows them, by year. */
export function TransparencySection() {
  const t = useT();
  const locale = useLocale();
  const [year, setYear] = useState<number | undefined>(undefined);
  const [report, setReport] = useState<TransparencyReport | undefined>(undefined);
  const [failure, setFailure] = useState<ApiFailure | undefined>(undefined);
  useEffect(() => {
    void callEndpoint(nimbusApi.drive.transparencyReport, {
      query: year === undefined ? {} : { year },
      locale,
    }).then((answer) => {
      if (answer.ok) setReport(answer.data);
      else setFailure(answer.error);
    });
  }, [year, locale]);
  if (failure)
    return (
      <p className="form-message error" role="alert">
        {errorText(failure, t)}
      </p>
    );
  if (!report)
    return (
      <p className="loading-line" role="status">
        <Spinner /> {t("common.loading")}
      </p>
    );
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
