import { nimbusApi } from "@nimbus/protocol";
import { useCallback, useState } from "react";
import { callEndpoint, errorText } from "../api/client.js";
import { ConfirmDialog } from "../components/dialogs.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { ConsoleTable } from "./console-table.js";
import { formatMoment } from "./format.js";
import { ListFooter } from "./list-footer.js";
import { useAdminList } from "./use-admin-list.js";

/** Abuse reports, open ones first: block the content a share holds (asked first), or dismiss the report. */
export function ReportQueue() {
  const t = useT();
  const locale = useLocale();
  const [filter, setFilter] = useState<"open" | "all">("open");
  const [notice, setNotice] = useState("");
  const fetchPage = useCallback(
    (page_token?: string) =>
      callEndpoint(nimbusApi.audit.listReports, { query: { limit: 20, filter, page_token }, locale }),
    [filter, locale],
  );
  const list = useAdminList(fetchPage);
  /** The report whose content is about to be blocked, until the admin confirms. */
  const [confirming, setConfirming] = useState<(typeof list.rows)[number] | undefined>(undefined);

  async function block(report: (typeof list.rows)[number]) {
    setConfirming(undefined);
    setNotice("");
    const answer = await callEndpoint(nimbusApi.audit.auditShare, {
      body: { share_user_id: report.share_user_id, file_ids: report.file_ids, verdict: "PROHIBITED" },
      locale,
    });
    if (!answer.ok) {
      setNotice(errorText(answer.error, t));
      return;
    }
    setNotice(
      t("admin.moderation.blocked", {
        contents: answer.data.gcids.length,
        shares: answer.data.share_ids.length,
      }),
    );
    await list.reload();
  }

  async function dismiss(report: (typeof list.rows)[number]) {
    setNotice("");
    const answer = await callEndpoint(nimbusApi.audit.dismissReports, { body: { ids: [report.id] }, locale });
    setNotice(answer.ok ? t("admin.moderation.dismissedNotice") : errorText(answer.error, t));
    if (answer.ok) await list.reload();
  }

  function status(report: (typeof list.rows)[number]): string {
    if (report.action_time)
      return t("admin.moderation.actioned", { time: formatMoment(report.action_time, locale) });
    if (report.dismiss_time) {
      return t("admin.moderation.dismissed", { time: formatMoment(report.dismiss_time, locale) });
    }
    return t("admin.moderation.open");
  }

  return (
    <div className="card console-card">
      <div className="console-card-head">
        <h2>{t("admin.moderation.reports")}</h2>
        <label>
          <span>{t("admin.filter.show")}</span>{" "}
          <select value={filter} onChange={(event) => setFilter(event.target.value as "open" | "all")}>
            <option value="open">{t("admin.moderation.filter.open")}</option>
            <option value="all">{t("admin.moderation.filter.all")}</option>
          </select>
        </label>
      </div>
      {notice && (
        <p className="form-message" role="status">
          {notice}
        </p>
      )}
      <ConsoleTable
        caption={t("admin.moderation.reports")}
        columns={[
          t("admin.col.time"),
          t("admin.col.share"),
          t("admin.col.reason"),
          t("admin.col.status"),
          { hidden: t("admin.col.actions") },
        ]}
      >
        {list.rows.map((report) => (
          <tr key={report.id}>
            <td>{formatMoment(report.create_time, locale)}</td>
            <td>
              <a href={`/s/${report.share_id}`} target="_blank" rel="noreferrer">
                {report.share_title || report.share_id}
              </a>
              {report.description && <span className="cat-desc muted">{report.description}</span>}
            </td>
            <td>{t(`shares.report.reason.${report.reason}`)}</td>
            <td>{status(report)}</td>
            <td>
              {!report.action_time && !report.dismiss_time && (
                <span className="console-row-actions">
                  <button
                    type="button"
                    className="button primary"
                    aria-label={t("admin.moderation.blockShare", {
                      title: report.share_title || report.share_id,
                    })}
                    onClick={() => setConfirming(report)}
                  >
                    {t("admin.moderation.block")}
                  </button>
                  <button
                    type="button"
                    className="button"
                    aria-label={t("admin.moderation.dismissShare", {
                      title: report.share_title || report.share_id,
                    })}
                    onClick={() => void dismiss(report)}
                  >
                    {t("admin.moderation.dismiss")}
                  </button>
                </span>
              )}
            </td>
          </tr>
        ))}
      </ConsoleTable>
      {confirming && (
        <ConfirmDialog
          title={t("admin.moderation.blockConfirm.title")}
          body={t("admin.moderation.blockConfirm.body", {
            title: confirming.share_title || confirming.share_id,
          })}
          confirm={t("admin.moderation.block")}
          onConfirm={() => void block(confirming)}
          onCancel={() => setConfirming(undefined)}
        />
      )}
      <ListFooter list={list} />
    </div>
  );
}
