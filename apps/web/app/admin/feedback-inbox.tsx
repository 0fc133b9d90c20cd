import { nimbusApi } from "@nimbus/protocol";
import { useCallback, useState } from "react";
import { callEndpoint, errorText } from "../api/client.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { formatMoment } from "./format.js";
import { ListFooter } from "./list-footer.js";
import { useAdminList } from "./use-admin-list.js";

/** The feedback inbox: open or answered feedback, newest first, each with a reply form. */
export function FeedbackInbox() {
  const t = useT();
  const locale = useLocale();
  const [status, setStatus] = useState<"open" | "answered">("open");
  const fetchPage = useCallback(
    (page_token?: string) =>
      callEndpoint(nimbusApi.admin.listFeedback, { query: { status, limit: 20, page_token }, locale }),
    [status, locale],
  );
  const list = useAdminList(fetchPage);
  const [errors, setErrors] = useState<Record<string, string>>({});

  return (
    <div className="card console-card">
      <div className="console-card-head">
        <h2>{t("admin.nav.feedback")}</h2>
        <label>
          <span>{t("admin.filter.show")}</span>{" "}
          <select value={status} onChange={(event) => setStatus(event.target.value as "open" | "answered")}>
            <option value="open">{t("admin.feedback.open")}</option>
            <option value="answered">{t("admin.feedback.answered")}</option>
          </select>
        </label>
      </div>
      <ul className="console-feedback">
        {list.rows.map((item) => (
          <li key={item.id} className="console-feedback-item">
            <p className="muted">
              {t(`feedback.topic.${item.category}`)} · {formatMoment(item.created_at, locale)}
            </p>
            <p className="console-feedback-text">{item.text}</p>
            {item.replies.map((reply) => (
              <p key={reply.created_at} className="console-reply">
                {reply.text}
              </p>
            ))}
            <form
              onSubmit={(event) => {
                event.preventDefault();
                const form = event.currentTarget;
                const text = String(new FormData(form).get("text"));
                void callEndpoint(nimbusApi.admin.replyFeedback, {
                  params: { id: item.id },
                  body: { text },
                  locale,
                }).then((answer) => {
                  if (!answer.ok) {
                    setErrors((before) => ({ ...before, [item.id]: errorText(answer.error, t) }));
                    return;
                  }
                  form.reset();
                  setErrors((before) => ({ ...before, [item.id]: "" }));
                  list.replace((rows) =>
                    rows.map((row) =>
                      row.id === item.id ? { ...row, ...answer.data, user_id: row.user_id } : row,
                    ),
                  );
                });
              }}
            >
              <label htmlFor={`reply-${item.id}`}>{t("admin.feedback.reply")}</label>
              <textarea id={`reply-${item.id}`} name="text" rows={3} required maxLength={5000} />
              <button type="submit" className="button primary">
                {t("admin.feedback.send")}
              </button>
              {errors[item.id] && (
                <p className="form-message error" role="alert">
                  {errors[item.id]}
                </p>
              )}
            </form>
          </li>
        ))}
      </ul>
      <ListFooter list={list} />
    </div>
  );
}
