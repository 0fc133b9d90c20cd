import type { Feedback } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { useCallback, useEffect, useState } from "react";
import { type ApiFailure, callEndpoint, errorText } from "../api/client.js";
import { LoadFailed } from "../components/load-state.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { useDriveSession } from "../session/session.js";

const TOPICS = ["bug", "idea", "account", "payment", "other"] as const;

/** The details a person may choose to send with their feedback. */
function diagnostics(locale: string): Record<string, string> {
  return {
    user_agent: navigator.userAgent.slice(0, 1000),
    locale,
    page: (document.referrer || window.location.href).slice(0, 1000),
    screen: `${window.screen.width}x${window.screen.height}`,
  };
}

/**
 * Feedback stored on this server (`POST /drive/v1/feedback`): the person sees it was
 * received, and their earlier feedback with the operator's replies below the form.
 */
export function FeedbackPanel() {
  const t = useT();
  const locale = useLocale();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [history, setHistory] = useState<Feedback[] | undefined>(undefined);
  const [historyFailure, setHistoryFailure] = useState<ApiFailure | undefined>(undefined);
  const { session } = useDriveSession();
  const signedIn = session.status === "ready";

  const refresh = useCallback(async () => {
    const answer = await callEndpoint(nimbusApi.drive.listFeedback, { locale });
    setHistoryFailure(answer.ok ? undefined : answer.error);
    if (answer.ok) setHistory(answer.data.data);
  }, [locale]);

  // Asked once the session is known to be signed in (a call before it may meet a refresh in flight).
  useEffect(() => {
    if (signedIn) void refresh();
  }, [refresh, signedIn]);

  return (
    <>
      <form
        className="card form-card feedback-form"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const data = new FormData(form);
          setBusy(true);
          setError("");
          setSent(false);
          void callEndpoint(nimbusApi.drive.createFeedback, {
            body: {
              category: String(data.get("topic")) as (typeof TOPICS)[number],
              text: String(data.get("message")),
              file_ids: [],
              ...(data.get("diagnostics") ? { diagnostics: diagnostics(locale) } : {}),
            },
            locale,
          }).then(async (answer) => {
            setBusy(false);
            if (!answer.ok) {
              setError(errorText(answer.error, t));
              return;
            }
            form.reset();
            setSent(true);
            await refresh();
          });
        }}
      >
        <label htmlFor="fb-topic">{t("feedback.topic")}</label>
        <select id="fb-topic" name="topic" defaultValue="bug">
          {TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {t(`feedback.topic.${topic}`)}
            </option>
          ))}
        </select>
        <label htmlFor="fb-message">{t("feedback.message")}</label>
        <textarea
          id="fb-message"
          name="message"
          rows={6}
          required
          minLength={10}
          maxLength={5000}
          aria-describedby="fb-hint"
        />
        <p id="fb-hint" className="hint">
          {t("feedback.hint")}
        </p>
        <label className="checkbox-line">
          <input type="checkbox" name="diagnostics" defaultChecked />
          {t("feedback.diagnostics")}
        </label>
        <button className="button primary" type="submit" disabled={busy}>
          {t("feedback.send")}
        </button>
        <p className={`form-message ${error ? "error" : "success"}`} role="status">
          {error || (sent ? t("feedback.sent") : "")}
        </p>
      </form>
      {historyFailure && history === undefined && (
        <LoadFailed
          message={errorText(historyFailure, t)}
          error={historyFailure.error}
          retry={() => {
            setHistoryFailure(undefined);
            void refresh();
          }}
        />
      )}
      {history === undefined ? null : (
        <section className="feedback-history" aria-labelledby="fb-history">
          <h2 id="fb-history">{t("feedback.history")}</h2>
          {history.length === 0 ? (
            <p className="muted">{t("feedback.history.empty")}</p>
          ) : (
            <ul>
              {history.map((item) => (
                <li key={item.id} className="card feedback-item">
                  <p className="feedback-meta muted">
                    <span>{t(`feedback.topic.${item.category}`)}</span>
                    <span className={`feedback-status ${item.status}`}>
                      {t(`feedback.status.${item.status}`)}
                    </span>
                    <time dateTime={item.created_at}>{new Date(item.created_at).toLocaleString(locale)}</time>
                  </p>
                  <p className="feedback-text">{item.text}</p>
                  {item.replies.map((reply) => (
                    <blockquote key={reply.created_at} className="feedback-reply">
                      <strong>{t("feedback.reply")}</strong>
                      <p>{reply.text}</p>
                    </blockquote>
                  ))}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}
