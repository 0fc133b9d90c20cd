import type { ShareFilesResponse } from "@nimbus/protocol";
import { formatDate } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { Sharer } from "./sharer.js";

/** The share's title, who shares it, how many items, and until when. */
export function ShareHeading({ info, fileCount }: { info: ShareFilesResponse; fileCount: number }) {
  const t = useT();
  const locale = useLocale();
  const left = Number(info.restore_count_left);
  return (
    <div className="drive-page-head share-heading">
      {info.user_info && <Sharer user={info.user_info} />}
      <h1>{info.title ? <bdi>{info.title}</bdi> : t("page.share.title")}</h1>
      <p className="muted share-facts">
        <span>{t("shares.fileCount", { count: fileCount })}</span>
        <span>
          {info.expiration_time
            ? t("shares.expires", { date: formatDate(info.expiration_time, locale) })
            : t("shares.expires.never")}
        </span>
        {left >= 0 && <span>{t("shares.savesLeft", { count: left })}</span>}
      </p>
    </div>
  );
}
