import { nimbusApi, USER_SETTING_DEFAULTS, type UserSettingName, type UserSettings } from "@nimbus/protocol";
import { useEffect, useId, useState } from "react";
import { useT } from "../../i18n/i18n.js";
import { analysisAllowed, setAnalysisAllowed } from "../../lib/analytics.js";
import { accountErrorText, useAccountApi } from "../../session/use-account-api.js";

/**
 * The settings in the order the section lists them, with their text keys (spec §3,
 * decisions 0045 and 0043).
 */
const SETTINGS: ReadonlyArray<[UserSettingName, string]> = [
  ["autoIdentifyShareCode", "settings.autoIdentify"],
  ["SAVE_OTHER_APP_FILES_IN_SEPARATE_FOLDERS", "settings.separateAppFolders"],
  ["defaultFolderBasedOnPlatform", "settings.platformFolder"],
  ["filterFilesWhenCreate", "settings.filterJunk"],
  ["displaySensitiveShare", "settings.sensitiveShares"],
];

/**
 * The user settings kept on the server (`GET`/`PATCH /v1/user/settings`), one switch
 * each, saved as it changes; and this browser's `allow_analysis`, kept on the device.
 */
export function SettingsSection() {
  const t = useT();
  const id = useId();
  const api = useAccountApi();
  const [settings, setSettings] = useState<UserSettings>();
  const [analysis, setAnalysis] = useState(true);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string }>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once; each change answers the new settings
  useEffect(() => {
    setAnalysis(analysisAllowed());
    void api(nimbusApi.user.settings).then((result) => {
      if (result.ok) setSettings(result.data);
      else setMessage({ tone: "error", text: accountErrorText(result.error, t) });
    });
  }, []);

  async function change(name: UserSettingName, on: boolean) {
    if (!settings) return;
    setSettings({ ...settings, [name]: on });
    setMessage(undefined);
    const result = await api(nimbusApi.user.updateSettings, { body: { [name]: on } });
    if (result.ok) {
      setSettings(result.data);
      setMessage({ tone: "success", text: t("settings.saved") });
    } else {
      setSettings(settings);
      setMessage({ tone: "error", text: accountErrorText(result.error, t) });
    }
  }

  return (
    <section className="card account-section settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("settings.title")}</h2>
      <p className="muted small">{t("settings.lead")}</p>
      <ul className="settings-list">
        {SETTINGS.map(([name, text]) => (
          <li key={name}>
            <input
              type="checkbox"
              id={`${id}-${name}`}
              aria-describedby={`${id}-${name}-hint`}
              checked={settings?.[name] ?? USER_SETTING_DEFAULTS[name]}
              disabled={!settings}
              onChange={(event) => void change(name, event.currentTarget.checked)}
            />
            <div>
              <label htmlFor={`${id}-${name}`}>{t(text)}</label>
              <p className="muted small" id={`${id}-${name}-hint`}>
                {t(`${text}.hint`)}
              </p>
            </div>
          </li>
        ))}
        <li>
          <input
            type="checkbox"
            id={`${id}-analysis`}
            aria-describedby={`${id}-analysis-hint`}
            checked={analysis}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              setAnalysis(on);
              setAnalysisAllowed(on);
              setMessage({ tone: "success", text: t("settings.saved") });
            }}
          />
          <div>
            <label htmlFor={`${id}-analysis`}>{t("settings.allowAnalysis")}</label>
            <p className="muted small" id={`${id}-analysis-hint`}>
              {t("settings.allowAnalysis.hint")}
            </p>
          </div>
        </li>
      </ul>
      <p className={message ? `form-message ${message.tone}` : "form-message"} role="status">
        {message?.text ?? ""}
      </p>
    </section>
  );
}
