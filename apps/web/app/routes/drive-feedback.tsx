import { useState } from "react";
import { DrivePage } from "../drive/drive-page.js";
import { useDriveSession } from "../drive/session.js";
import { useT } from "../i18n/i18n.js";
import { mailbox } from "../site/contact.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-feedback";

const TOPICS = ["bug", "idea", "account", "payment", "other"] as const;

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "driveFeedback");

/**
 * Feedback goes to this server's support mailbox through the person's mail app, so it
 * reaches a self-hosted operator with nothing to configure.
 */
export default function DriveFeedbackPage() {
  const t = useT();
  const { session } = useDriveSession();
  const [sent, setSent] = useState(false);
  const email = session.status === "ready" ? session.user.email : "";
  return (
    <DrivePage name="driveFeedback">
      <form
        className="card form-card feedback-form"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const topic = t(`feedback.topic.${String(data.get("topic"))}`);
          const body = [
            String(data.get("message")),
            "",
            `${t("feedback.replyTo")}: ${String(data.get("email") || "—")}`,
            `${t("feedback.page")}: ${document.referrer || window.location.href}`,
            `${navigator.userAgent}`,
          ].join("\n");
          const query = new URLSearchParams({ subject: `[${t("brand.name")}] ${topic}`, body });
          window.location.href = `mailto:${mailbox("support", window.location.hostname)}?${query.toString().replace(/\+/g, "%20")}`;
          setSent(true);
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
          maxLength={4000}
          aria-describedby="fb-hint"
        />
        <p id="fb-hint" className="hint">
          {t("feedback.hint")}
        </p>
        <label htmlFor="fb-email">{t("feedback.email")}</label>
        <input
          id="fb-email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={email}
          key={email}
        />
        <button className="button primary" type="submit">
          {t("feedback.send")}
        </button>
        <p className="form-message success" role="status">
          {sent ? t("feedback.sent") : ""}
        </p>
      </form>
    </DrivePage>
  );
}
