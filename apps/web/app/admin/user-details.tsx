import type { AdminUserDetail } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { useId, useState } from "react";
import { type ApiResult, callEndpoint, errorText } from "../api/client.js";
import type { ShowToast } from "../components/toasts.js";
import { formatBytes } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { isolated } from "../lib/bidi.js";
import { formatMoment } from "./format.js";
import { ConfirmUserAction, DeleteUserDialog, GrantPremiumDialog } from "./user-action-dialogs.js";

type Action =
  | "freeze"
  | "unfreeze"
  | "end_sessions"
  | "grant_premium"
  | "revoke_premium"
  | "reset_two_factor"
  | "delete";

/** What names an account in the console (the server asks the same to be typed to delete it). */
export function accountLabel(user: Pick<AdminUserDetail, "email" | "phone" | "username" | "id">): string {
  return user.email || user.phone || user.username || user.id;
}

/**
 * One account: usage, plan, sessions and devices, and what an admin can do to it. One
 * action at a time: every button waits while a call runs; each ends in a toast.
 */
export function UserDetails({
  user,
  onChanged,
  onDeleted,
  notify,
}: {
  user: AdminUserDetail;
  onChanged(user: AdminUserDetail): void;
  onDeleted(id: string): void;
  notify: ShowToast;
}) {
  const t = useT();
  const locale = useLocale();
  const noteId = useId();
  const [dialog, setDialog] = useState<"grant" | "revoke" | "reset" | "delete" | undefined>(undefined);
  const [pending, setPending] = useState<Action | undefined>(undefined);
  const account = accountLabel(user);
  const params = { id: user.id };

  async function run<T>(action: Action, call: Promise<ApiResult<T>>, done: (data: T) => string) {
    setPending(action);
    const answer = await call;
    setPending(undefined);
    setDialog(undefined);
    if (answer.ok) notify({ text: done(answer.data) });
    else notify({ text: errorText(answer.error, t), tone: "error" });
    return answer;
  }

  async function change(
    action: Exclude<Action, "delete">,
    call: Promise<ApiResult<AdminUserDetail>>,
    done: (data: AdminUserDetail) => string,
  ) {
    const answer = await run(action, call, done);
    if (answer.ok) onChanged(answer.data);
  }

  const simple = (action: "freeze" | "unfreeze" | "end_sessions") => {
    const endpoint =
      action === "freeze"
        ? nimbusApi.admin.freezeUser
        : action === "unfreeze"
          ? nimbusApi.admin.unfreezeUser
          : nimbusApi.admin.endUserSessions;
    const key = action === "end_sessions" ? "endSessions" : action;
    void change(action, callEndpoint(endpoint, { params, locale }), () => t(`admin.users.done.${key}`));
  };

  const busy = pending !== undefined;
  return (
    <section className="card console-card" aria-labelledby="console-user-title" aria-busy={busy}>
      <h2 id="console-user-title">{account}</h2>
      <dl className="console-facts">
        <dt>{t("admin.col.status")}</dt>
        <dd>{t(`admin.users.status.${user.status}`)}</dd>
        <dt>{t("admin.users.plan")}</dt>
        <dd>
          {user.premium
            ? t("admin.users.premiumUntil", { date: formatMoment(user.premium_expires, locale) })
            : t("admin.users.free")}
        </dd>
        <dt>{t("admin.users.usage")}</dt>
        <dd>
          {formatBytes(user.storage_usage, locale)} / {formatBytes(user.storage_limit, locale)}
        </dd>
        <dt>{t("admin.users.files")}</dt>
        <dd>
          {t("admin.users.fileCount", { files: Number(user.file_count), shares: Number(user.share_count) })}
        </dd>
        <dt>{t("admin.users.twoFactor")}</dt>
        <dd>{user.two_factor ? t("admin.users.on") : t("admin.users.off")}</dd>
        <dt>{t("admin.users.created")}</dt>
        <dd>{formatMoment(user.create_time, locale)}</dd>
      </dl>
      <h3>{t("admin.users.sessions", { count: user.sessions.length })}</h3>
      <ul className="console-rows">
        {user.sessions.map((session) => (
          <li key={session.id}>
            <span>{session.client_id}</span>
            <span className="muted">{session.device_id}</span>
            <span className="muted">{session.ip}</span>
            <span className="muted">{formatMoment(session.last_used_time, locale)}</span>
          </li>
        ))}
      </ul>
      <div className="console-row-actions console-user-actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => simple(user.status === "BLOCKED" ? "unfreeze" : "freeze")}
        >
          {t(user.status === "BLOCKED" ? "admin.users.unfreeze" : "admin.users.freeze")}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => simple("end_sessions")}>
          {t("admin.users.endSessions")}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => setDialog("grant")}>
          {t("admin.users.grantPremium")}
        </button>
        {user.premium && (
          <button type="button" className="button" disabled={busy} onClick={() => setDialog("revoke")}>
            {t("admin.users.revokePremium")}
          </button>
        )}
        {user.two_factor && (
          <button type="button" className="button" disabled={busy} onClick={() => setDialog("reset")}>
            {t("admin.users.resetTwoFactor")}
          </button>
        )}
        <button
          type="button"
          className="button danger"
          disabled={busy || user.is_admin}
          aria-describedby={user.is_admin ? noteId : undefined}
          onClick={() => setDialog("delete")}
        >
          {t("admin.users.deleteAccount")}
        </button>
      </div>
      {user.is_admin && (
        <p id={noteId} className="muted small">
          {t("admin.users.delete.adminNote")}
        </p>
      )}
      {dialog === "grant" && (
        <GrantPremiumDialog
          pending={pending === "grant_premium"}
          onCancel={() => setDialog(undefined)}
          onGrant={(days) =>
            void change(
              "grant_premium",
              callEndpoint(nimbusApi.admin.grantUserPremium, { params, body: { days }, locale }),
              (data) =>
                t("admin.users.done.grantPremium", { date: formatMoment(data.premium_expires, locale) }),
            )
          }
        />
      )}
      {dialog === "revoke" && (
        <ConfirmUserAction
          title={t("admin.users.revoke.title")}
          body={t("admin.users.revoke.body", { account: isolated(account) })}
          confirm={t("admin.users.revokePremium")}
          pending={pending === "revoke_premium"}
          onCancel={() => setDialog(undefined)}
          onConfirm={() =>
            void change(
              "revoke_premium",
              callEndpoint(nimbusApi.admin.revokeUserPremium, { params, locale }),
              () => t("admin.users.done.revokePremium"),
            )
          }
        />
      )}
      {dialog === "reset" && (
        <ConfirmUserAction
          title={t("admin.users.reset.title")}
          body={t("admin.users.reset.body", { account: isolated(account) })}
          confirm={t("admin.users.reset.confirm")}
          pending={pending === "reset_two_factor"}
          onCancel={() => setDialog(undefined)}
          onConfirm={() =>
            void change(
              "reset_two_factor",
              callEndpoint(nimbusApi.admin.resetUserTwoFactor, { params, locale }),
              () => t("admin.users.done.resetTwoFactor"),
            )
          }
        />
      )}
      {dialog === "delete" && (
        <DeleteUserDialog
          account={account}
          pending={pending === "delete"}
          onCancel={() => setDialog(undefined)}
          onDelete={async (confirm) => {
            const answer = await run(
              "delete",
              callEndpoint(nimbusApi.admin.deleteUser, { params, body: { confirm }, locale }),
              () => t("admin.users.done.delete", { account: isolated(account) }),
            );
            if (answer.ok) onDeleted(user.id);
          }}
        />
      )}
    </section>
  );
}
