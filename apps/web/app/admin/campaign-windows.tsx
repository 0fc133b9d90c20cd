import { type AdminCampaign, nimbusApi } from "@nimbus/protocol";
import { useCallback, useEffect, useState } from "react";
import { type ApiFailure, callEndpoint, errorText } from "../api/client.js";
import { Spinner } from "../components/spinner.js";
import { useLocale, useT } from "../i18n/i18n.js";

/** `2026-11-27T00:00:00.000Z` as a `datetime-local` value read as UTC: `2026-11-27T00:00`. */
const toInput = (iso: string) => iso.slice(0, 16);
const fromInput = (value: string) => `${value}:00Z`;

/**
 * Campaign windows: each campaign's start and end (UTC), for its activity pages and its
 * prices alike. `onSaved` tells the page the campaign prices' windows moved.
 */
export function CampaignWindowsCard({
  toast,
  onSaved,
}: {
  toast(notice: { text: string; tone?: "error" }): void;
  onSaved(): void;
}) {
  const t = useT();
  const locale = useLocale();
  const [campaigns, setCampaigns] = useState<AdminCampaign[] | undefined>(undefined);
  const [failure, setFailure] = useState<ApiFailure | undefined>(undefined);
  const [busy, setBusy] = useState("");

  const load = useCallback(async () => {
    const answer = await callEndpoint(nimbusApi.admin.listCampaigns, { locale });
    if (answer.ok) setCampaigns(answer.data.data);
    else setFailure(answer.error);
  }, [locale]);
  useEffect(() => {
    void load();
  }, [load]);

  const now = Date.now();
  return (
    <div className="card console-card">
      <h2>{t("admin.campaigns.title")}</h2>
      <p className="muted">{t("admin.campaigns.hint")}</p>
      {failure && (
        <p className="form-message error" role="alert">
          {errorText(failure, t)}
        </p>
      )}
      {!campaigns && !failure && (
        <p className="loading-line" role="status">
          <Spinner /> {t("common.loading")}
        </p>
      )}
      <ul className="console-feedback">
        {campaigns?.map((campaign) => {
          const live = Date.parse(campaign.start_time) <= now && now < Date.parse(campaign.end_time);
          return (
            <li key={campaign.id} className="console-feedback-item">
              <h3>
                <code>{campaign.id}</code>
                {live && <span className="console-badge">{t("admin.campaigns.live")}</span>}
                {campaign.pages && <span className="console-badge">{t("admin.campaigns.pages")}</span>}
                {campaign.prices && <span className="console-badge">{t("admin.campaigns.prices")}</span>}
                {campaign.edited && <span className="console-badge">{t("admin.products.edited")}</span>}
              </h3>
              <form
                className="console-window-form"
                aria-busy={busy === campaign.id}
                onSubmit={(event) => {
                  event.preventDefault();
                  const data = new FormData(event.currentTarget);
                  setBusy(campaign.id);
                  void callEndpoint(nimbusApi.admin.setCampaignWindow, {
                    params: { campaign_id: campaign.id },
                    body: {
                      start_time: fromInput(String(data.get("start"))),
                      end_time: fromInput(String(data.get("end"))),
                    },
                    locale,
                  }).then((answer) => {
                    setBusy("");
                    if (!answer.ok) {
                      toast({ text: errorText(answer.error, t), tone: "error" });
                      return;
                    }
                    setCampaigns((before) => before?.map((c) => (c.id === campaign.id ? answer.data : c)));
                    toast({ text: t("admin.campaigns.saved", { campaign: campaign.id }) });
                    onSaved();
                  });
                }}
              >
                <div className="console-form-grid">
                  <label>
                    <span>{t("admin.campaigns.start")}</span>
                    <input
                      name="start"
                      type="datetime-local"
                      required
                      defaultValue={toInput(campaign.start_time)}
                    />
                  </label>
                  <label>
                    <span>{t("admin.campaigns.end")}</span>
                    <input
                      name="end"
                      type="datetime-local"
                      required
                      defaultValue={toInput(campaign.end_time)}
                    />
                  </label>
                </div>
                <button
                  type="submit"
                  className="button"
                  disabled={busy === campaign.id}
                  aria-label={t("admin.campaigns.saveNamed", { campaign: campaign.id })}
                >
                  {busy === campaign.id ? t("admin.products.saving") : t("admin.campaigns.save")}
                </button>
              </form>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
