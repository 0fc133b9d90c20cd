import { nimbusApi, type RewardGrants } from "@nimbus/protocol";
import { useState } from "react";
import { callEndpoint, errorText } from "../api/client.js";
import { useLocale, useT } from "../i18n/i18n.js";

const GB = 1024 ** 3;

/** The codes just made, to copy at once (Export CSV gives them again later). */
export function NewCodes({ codes, onClose }: { codes: string[]; onClose(): void }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const text = codes.join("\n");
  return (
    <section className="card console-card" aria-labelledby="new-codes-title">
      <h2 id="new-codes-title">{t("admin.codes.newTitle", { count: codes.length })}</h2>
      <textarea
        className="new-codes"
        readOnly
        value={text}
        rows={Math.min(10, codes.length)}
        aria-labelledby="new-codes-title"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="new-codes-actions">
        <button
          type="button"
          className="button primary"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {copied ? t("admin.codes.copied") : t("admin.codes.copy")}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t("common.close")}
        </button>
      </div>
    </section>
  );
}

export function MakeBatchForm({
  onMade,
  onFailed,
}: {
  onMade(codes: string[]): Promise<void>;
  onFailed(text: string): void;
}) {
  const t = useT();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="card console-card form-card"
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const data = new FormData(form);
        const number = (name: string) => Number(data.get(name) || 0);
        const grants: RewardGrants = {
          ...(number("premium_days") > 0 ? { premium_days: number("premium_days") } : {}),
          ...(number("storage_gb") > 0 ? { storage_bytes: Math.round(number("storage_gb") * GB) } : {}),
          ...(number("traffic_gb") > 0 ? { traffic_bytes: Math.round(number("traffic_gb") * GB) } : {}),
        };
        const expires = String(data.get("expires") ?? "");
        setBusy(true);
        void callEndpoint(nimbusApi.rewards.createCodes, {
          body: {
            count: number("count"),
            grants,
            note: String(data.get("note") ?? "").trim(),
            // The end of the chosen day, UTC.
            ...(expires ? { expires_time: `${expires}T23:59:59Z` } : {}),
          },
          locale,
        }).then(async (answer) => {
          setBusy(false);
          if (!answer.ok) {
            onFailed(errorText(answer.error, t));
            return;
          }
          form.reset();
          await onMade(answer.data.codes);
        });
      }}
    >
      <h2>{t("admin.codes.make")}</h2>
      <p className="muted">{t("admin.codes.makeHint")}</p>
      <div className="console-form-grid">
        <label>
          <span>{t("admin.codes.count")}</span>
          <input name="count" type="number" min={1} max={10000} defaultValue={10} required />
        </label>
        <label>
          <span>{t("admin.codes.days")}</span>
          <input name="premium_days" type="number" min={0} max={3660} defaultValue={31} />
        </label>
        <label>
          <span>{t("admin.codes.storageGb")}</span>
          <input name="storage_gb" type="number" min={0} step="any" defaultValue={0} />
        </label>
        <label>
          <span>{t("admin.codes.trafficGb")}</span>
          <input name="traffic_gb" type="number" min={0} step="any" defaultValue={0} />
        </label>
        <label>
          <span>{t("admin.codes.expires")}</span>
          <input name="expires" type="date" />
        </label>
        <label>
          <span>{t("admin.codes.note")}</span>
          <input name="note" maxLength={200} />
        </label>
      </div>
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? t("admin.codes.making") : t("admin.codes.makeButton")}
      </button>
    </form>
  );
}
