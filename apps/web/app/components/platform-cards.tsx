import { DOWNLOAD_TARGETS, DOWNLOADS, type DownloadTarget } from "../content/downloads.js";
import { useT } from "../i18n/i18n.js";
import { useFeature, useRemoteView } from "../site/remote-config.js";
import { usePhoneLayout } from "./device.js";
import { Icon } from "./icon.js";
import * as icons from "./icons.js";

/**
 * One card per download target whose installer the operator configured (remote config);
 * the others are left out, and with none configured nothing is shown. On wide screens a whole card is the download link.
 * `disable-mobile-platform-card-anchor` (home, URL checker): on phones the phone-app
 * cards are plain cards with their own download button, so scrolling past them never
 * starts a download by a stray tap.
 */
export function PlatformCards({
  targets = DOWNLOAD_TARGETS,
  plainOnPhones = false,
  phone = false,
}: {
  targets?: readonly DownloadTarget[];
  plainOnPhones?: boolean;
  phone?: boolean;
}) {
  const t = useT();
  const phoneLayout = usePhoneLayout(phone);
  const configured = useConfiguredTargets();
  const shown = targets.filter((target) => configured.has(target));
  if (shown.length === 0) return null;
  return (
    <ul className="platform-cards">
      {shown.map((target) => {
        const { icon, phone: phoneApp } = DOWNLOADS[target];
        const href = configured.get(target) as string;
        const name = t(`download.${target}.name`);
        const body = (
          <>
            <Icon d={icon} size={28} />
            <strong>{name}</strong>
            <span className="muted">{t(`download.${target}.note`)}</span>
          </>
        );
        return (
          <li key={target}>
            {plainOnPhones && phoneLayout && phoneApp ? (
              <div className="platform-card">
                {body}
                <a
                  className="button primary"
                  href={href}
                  aria-label={t("download.getFor", { platform: name })}
                >
                  <Icon d={icons.download} size={18} />
                  {t("download.get")}
                </a>
              </div>
            ) : (
              <a className="platform-card" href={href}>
                {body}
                <span className="card-action">
                  <Icon d={icons.download} size={18} />
                  {t("download.get")}
                </span>
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The configured installers: target → this server's counting download link; none while `app_downloads` is off. */
export function useConfiguredTargets(): Map<DownloadTarget, string> {
  const { products } = useRemoteView();
  const on = useFeature("app_downloads");
  return new Map(on ? products.map((product) => [product.platform, product.url]) : []);
}
