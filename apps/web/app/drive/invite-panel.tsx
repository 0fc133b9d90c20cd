import { useState } from "react";
import { Link } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { LoadFailed, LoadingLine } from "../components/load-state.js";
import { formatDate } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import type { InvitePage } from "../session/membership-api.js";
import { useMembershipLoad } from "../session/use-membership.js";
import { useFeature } from "../site/remote-config.js";

/** The invite link as an absolute address of this site. */
function absolute(url: string): string {
  if (typeof location === "undefined" || /^https?:\/\//.test(url)) return url;
  return new URL(url, location.origin).toString();
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Issue 15 invites: the user's invite link with a copy button, the days each side
 * earns, and the friends who joined with what they brought
 * (`GET /vip/v1/activity/inviteExtActivityPage`).
 */
export function InvitePanel() {
  const t = useT();
  const locale = useLocale();
  const { state, reload } = useMembershipLoad<InvitePage>("invitePage", { query: { limit: 50 } });
  const [copied, setCopied] = useState<boolean | undefined>(undefined);
  if (!useFeature("invites")) return <p className="muted">{t("service.off")}</p>;
  if (state.status === "loading") return <LoadingLine />;
  if (state.status === "error")
    return state.error === "unauthenticated" ? (
      <Link className="button primary" to="/drive/all?action=show_invite_dialog">
        {t("referral.link.button")}
      </Link>
    ) : (
      <LoadFailed message={state.message} error={state.error} retry={reload} />
    );
  const page = state.data;
  const link = absolute(page.invite_url);
  return (
    <div className="invite-panel">
      <p>{t("invite.reward", { days: page.reward_days })}</p>
      <label htmlFor="invite-link">{t("invite.linkLabel")}</label>
      <div className="inline-form">
        <input id="invite-link" readOnly value={link} onFocus={(event) => event.target.select()} />
        <button type="button" className="button primary" onClick={() => void copy(link).then(setCopied)}>
          <Icon d={icons.link} size={18} />
          {t("invite.copy")}
        </button>
      </div>
      <p className="form-message success" role="status">
        {copied === true ? t("invite.copied") : ""}
      </p>
      {copied === false && <p className="muted small">{t("invite.copyManually")}</p>}
      <p className="invite-total">
        <strong>{t("invite.total", { days: page.total_free_days })}</strong>
      </p>
      <h3>{t("invite.invited", { count: page.invited.length })}</h3>
      {page.invited.length === 0 ? (
        <p className="muted">{t("invite.none")}</p>
      ) : (
        <ul className="invited-list">
          {page.invited.map((friend, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is shown once, never reordered
            <li key={index}>
              <span>{friend.user_name || t("invite.friend")}</span>
              {friend.created_time && (
                <span className="muted small">{formatDate(friend.created_time, locale)}</span>
              )}
              <span className="badge">{t("invite.days", { days: friend.free_days })}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
