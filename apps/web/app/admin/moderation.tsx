import { AUDIT_VERDICTS, nimbusApi } from "@nimbus/protocol";
import { useCallback, useState } from "react";
import { callEndpoint, errorText } from "../api/client.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { formatMoment } from "./format.js";
import { ListFooter } from "./list-footer.js";
import { ReportQueue } from "./report-queue.js";
import { SensitiveWordsCard } from "./sensitive-words.js";
import { useAdminList } from "./use-admin-list.js";

/** Moderation: the report queue, the review queue, blocking content by GCID, the sensitive words. */
export function ModerationSection() {
  return (
    <>
      <ReportQueue />
      <ReviewQueue />
      <BlockByGcid />
      <SensitiveWordsCard />
    </>
  );
}

function ReviewQueue() {
  const t = useT();
  const locale = useLocale();
  const [notice, setNotice] = useState("");
  const fetchPage = useCallback(
    (page_token?: string) =>
      callEndpoint(nimbusApi.audit.listReviews, { query: { limit: 20, page_token }, locale }),
    [locale],
  );
  const list = useAdminList(fetchPage);

  async function decide(shareId: string, approve: boolean) {
    const answer = await callEndpoint(
      approve ? nimbusApi.audit.approveShares : nimbusApi.audit.rejectShares,
      {
        body: { ids: [shareId] },
        locale,
      },
    );
    setNotice(answer.ok ? "" : errorText(answer.error, t));
    if (answer.ok) list.replace((rows) => rows.filter((row) => row.share_id !== shareId));
  }

  return (
    <div className="card console-card">
      <h2>{t("admin.moderation.reviews")}</h2>
      <p className="muted">{t("admin.moderation.reviewsHint")}</p>
      {notice && (
        <p className="form-message error" role="alert">
          {notice}
        </p>
      )}
      <ul className="console-rows">
        {list.rows.map((share) => (
          <li key={share.share_id}>
            <a href={`/s/${share.share_id}`} target="_blank" rel="noreferrer">
              {share.title || share.share_id}
            </a>
            <span className="muted">{formatMoment(share.create_time, locale)}</span>
            <span className="console-row-actions">
              <button type="button" className="button" onClick={() => void decide(share.share_id, true)}>
                {t("admin.moderation.approve")}
              </button>
              <button
                type="button"
                className="button ghost"
                onClick={() => void decide(share.share_id, false)}
              >
                {t("admin.moderation.reject")}
              </button>
            </span>
          </li>
        ))}
      </ul>
      <ListFooter list={list} />
    </div>
  );
}

function BlockByGcid() {
  const t = useT();
  const locale = useLocale();
  const [message, setMessage] = useState("");
  const [hits, setHits] = useState<string[]>([]);
  return (
    <form
      className="card console-card form-card"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const gcids = String(data.get("gcids"))
          .split(/[\s,]+/)
          .filter(Boolean);
        void callEndpoint(nimbusApi.audit.auditShare, {
          body: { gcids, verdict: String(data.get("verdict")) as (typeof AUDIT_VERDICTS)[number] },
          locale,
        }).then((answer) => {
          if (!answer.ok) {
            setMessage(errorText(answer.error, t));
            setHits([]);
            return;
          }
          setMessage(
            t("admin.moderation.blocked", {
              contents: answer.data.gcids.length,
              shares: answer.data.share_ids.length,
            }),
          );
          setHits(answer.data.share_ids);
        });
      }}
    >
      <h2>{t("admin.moderation.gcid.title")}</h2>
      <label htmlFor="console-gcids">{t("admin.moderation.gcid.label")}</label>
      <textarea id="console-gcids" name="gcids" rows={3} required spellCheck={false} />
      <label htmlFor="console-verdict">{t("admin.moderation.gcid.verdict")}</label>
      <select id="console-verdict" name="verdict" defaultValue="PROHIBITED">
        {AUDIT_VERDICTS.map((verdict) => (
          <option key={verdict} value={verdict}>
            {t(verdict === "PROHIBITED" ? "admin.verdict.prohibited" : "admin.verdict.sensitive")}
          </option>
        ))}
      </select>
      <button type="submit" className="button primary">
        {t("admin.moderation.block")}
      </button>
      {message && (
        <p className="form-message" role="status">
          {message}
        </p>
      )}
      {hits.length > 0 && (
        <ul className="console-rows">
          {hits.map((id) => (
            <li key={id}>
              <a href={`/s/${id}`} target="_blank" rel="noreferrer">
                {id}
              </a>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
