import type { Share } from "@nimbus/protocol";
import { useState } from "react";
import { Link } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { formatDate } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { absoluteUrl } from "./share-api.js";
import { statusKeys } from "./share-status.js";
import { copyToClipboard, shareText } from "./share-text.js";
import "./shares.css";

export function ShareRow({
  share,
  checked,
  onToggle,
  onCancel,
}: {
  share: Share;
  checked: boolean;
  onToggle(): void;
  onCancel(): void;
}) {
  const t = useT();
  const locale = useLocale();
  const [copied, setCopied] = useState(false);
  const title = share.title || t("shares.mine.untitled");
  const ok = share.share_status === "OK";
  const url =
    typeof window === "undefined" ? share.share_url : absoluteUrl(share.share_url, window.location.origin);
  return (
    <tr data-share-id={share.share_id}>
      <td>
        <input
          type="checkbox"
          checked={checked}
          onChange={onToggle}
          aria-label={t("shares.list.select", { name: title })}
        />
      </td>
      <td>
        <Link className="share-title" to={`/s/${share.share_id}`}>
          <bdi>{title}</bdi>
        </Link>
        <div className="muted small">
          {t("shares.fileCount", { count: Number(share.file_num) })}
          {share.pass_code && ` · ${t("shares.dialog.passcode")}: ${share.pass_code}`}
        </div>
      </td>
      <td data-label={t("shares.mine.col.status")}>
        <span className={ok ? "badge" : "badge warn"}>
          {ok ? t("shares.mine.active") : t(statusKeys(share.share_status).title)}
        </span>
        {share.pass_code_cooling_down && <span className="badge warn">{t("shares.mine.coolingDown")}</span>}
      </td>
      <td data-label={t("shares.mine.col.expires")}>
        {share.expiration_time ? formatDate(share.expiration_time, locale) : t("shares.expires.never")}
      </td>
      <td className="num" data-label={t("shares.mine.col.views")}>
        {share.view_count}
      </td>
      <td className="num" data-label={t("shares.mine.col.saves")}>
        {share.restore_count}
      </td>
      <td className="num" data-label={t("shares.mine.col.downloads")}>
        {share.download_count}
      </td>
      <td>
        <div className="actions">
          <button
            type="button"
            className="icon-button"
            aria-label={t(copied ? "shares.dialog.copied" : "shares.dialog.copy")}
            title={t(copied ? "shares.dialog.copied" : "shares.dialog.copy")}
            onClick={async () =>
              setCopied(
                await copyToClipboard(shareText(t, { title: share.title, url, passCode: share.pass_code })),
              )
            }
          >
            <Icon d={copied ? icons.check : icons.link} size={18} />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t("shares.mine.cancelOne", { name: title })}
            title={t("shares.mine.cancel")}
            onClick={onCancel}
          >
            <Icon d={icons.trash} size={18} />
          </button>
        </div>
      </td>
    </tr>
  );
}
