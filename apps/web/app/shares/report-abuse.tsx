import { SHARE_REPORT_REASONS, type ShareReportReason } from "@nimbus/protocol";
import { useState } from "react";
import { errorText } from "../api/client.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { Modal } from "./modal.js";
import { shareApi } from "./share-api.js";

type Sent = { kind: "idle" } | { kind: "busy" } | { kind: "done" } | { kind: "failed"; message: string };

/** "Report abuse": a reason and a note, stored for the instance's admins. */
export function ReportAbuse({ shareId }: { shareId: string }) {
  const t = useT();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<Sent>({ kind: "idle" });
  return (
    <>
      <p className="share-report">
        <button type="button" className="link-button muted small" onClick={() => setOpen(true)}>
          {t("shares.report.open")}
        </button>
      </p>
      {open && (
        <Modal title={t("shares.report.title")} onClose={() => setOpen(false)}>
          {sent.kind === "done" ? (
            <p className="form-message success" role="status">
              {t("shares.report.done")}
            </p>
          ) : (
            <form
              className="share-report-form"
              onSubmit={async (event) => {
                event.preventDefault();
                const data = new FormData(event.currentTarget);
                setSent({ kind: "busy" });
                const result = await shareApi(locale).report({
                  share_id: shareId,
                  reason: String(data.get("reason")) as ShareReportReason,
                  description: String(data.get("description") ?? ""),
                });
                setSent(
                  result.ok ? { kind: "done" } : { kind: "failed", message: errorText(result.error, t) },
                );
              }}
            >
              <fieldset>
                <legend>{t("shares.report.reason")}</legend>
                {SHARE_REPORT_REASONS.map((reason, index) => (
                  <label key={reason} className="radio">
                    <input type="radio" name="reason" value={reason} defaultChecked={index === 0} />
                    {t(`shares.report.reason.${reason}`)}
                  </label>
                ))}
              </fieldset>
              <label htmlFor="report-description">{t("shares.report.description")}</label>
              <textarea id="report-description" name="description" maxLength={2000} rows={3} />
              {sent.kind === "failed" && (
                <p className="form-message error" role="alert">
                  {sent.message}
                </p>
              )}
              <div className="actions share-modal-actions">
                <button className="button primary" type="submit" disabled={sent.kind === "busy"}>
                  {t("shares.report.submit")}
                </button>
              </div>
            </form>
          )}
        </Modal>
      )}
    </>
  );
}
