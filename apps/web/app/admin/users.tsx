import type { AdminUserDetail } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { useCallback, useState } from "react";
import { callEndpoint, errorText } from "../api/client.js";
import { formatBytes } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { formatMoment } from "./format.js";
import { ListFooter } from "./list-footer.js";
import { useAdminList } from "./use-admin-list.js";

type Status = "" | "ACTIVE" | "BLOCKED" | "PENDING";

/** Users: search (on the server), one account's details, freeze or unfreeze, end its sessions. */
export function UsersSection() {
  const t = useT();
  const locale = useLocale();
  const [q, setQ] = useState("");
  const [status, setStatus] = useState<Status>("");
  const [selected, setSelected] = useState<AdminUserDetail | undefined>(undefined);
  const [message, setMessage] = useState("");
  const fetchPage = useCallback(
    (page_token?: string) =>
      callEndpoint(nimbusApi.admin.listUsers, {
        query: { q, limit: 20, page_token, ...(status ? { status } : {}) },
        locale,
      }),
    [q, status, locale],
  );
  const list = useAdminList(fetchPage);

  async function open(id: string) {
    setMessage("");
    const answer = await callEndpoint(nimbusApi.admin.getUser, { params: { id }, locale });
    if (answer.ok) setSelected(answer.data);
    else setMessage(errorText(answer.error, t));
  }

  async function act(kind: "freeze" | "unfreeze" | "end_sessions", id: string) {
    const endpoint =
      kind === "freeze"
        ? nimbusApi.admin.freezeUser
        : kind === "unfreeze"
          ? nimbusApi.admin.unfreezeUser
          : nimbusApi.admin.endUserSessions;
    const answer = await callEndpoint(endpoint, { params: { id }, locale });
    if (!answer.ok) {
      setMessage(errorText(answer.error, t));
      return;
    }
    setSelected(answer.data);
    setMessage(t(kind === "end_sessions" ? "admin.users.done.endSessions" : `admin.users.done.${kind}`));
    list.replace((rows) => rows.map((row) => (row.id === id ? { ...row, status: answer.data.status } : row)));
  }

  return (
    <>
      <form
        className="card console-card console-filters"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          setQ(String(data.get("q")).trim());
          setStatus(String(data.get("status")) as Status);
        }}
      >
        <label htmlFor="console-user-q">{t("admin.users.search")}</label>
        <input id="console-user-q" name="q" type="search" defaultValue={q} />
        <label htmlFor="console-user-status">{t("admin.col.status")}</label>
        <select id="console-user-status" name="status" defaultValue={status}>
          <option value="">{t("admin.users.status.any")}</option>
          <option value="ACTIVE">{t("admin.users.status.ACTIVE")}</option>
          <option value="BLOCKED">{t("admin.users.status.BLOCKED")}</option>
          <option value="PENDING">{t("admin.users.status.PENDING")}</option>
        </select>
        <button type="submit" className="button primary">
          {t("admin.users.find")}
        </button>
      </form>
      {message && (
        <p className="form-message" role="status">
          {message}
        </p>
      )}
      {selected && (
        <section className="card console-card" aria-labelledby="console-user-title">
          <h2 id="console-user-title">
            {selected.email || selected.phone || selected.username || selected.id}
          </h2>
          <dl className="console-facts">
            <dt>{t("admin.col.status")}</dt>
            <dd>{t(`admin.users.status.${selected.status}`)}</dd>
            <dt>{t("admin.users.plan")}</dt>
            <dd>
              {selected.premium
                ? t("admin.users.premiumUntil", { date: formatMoment(selected.premium_expires, locale) })
                : t("admin.users.free")}
            </dd>
            <dt>{t("admin.users.usage")}</dt>
            <dd>
              {formatBytes(selected.storage_usage, locale)} / {formatBytes(selected.storage_limit, locale)}
            </dd>
            <dt>{t("admin.users.files")}</dt>
            <dd>
              {t("admin.users.fileCount", {
                files: Number(selected.file_count),
                shares: Number(selected.share_count),
              })}
            </dd>
            <dt>{t("admin.users.twoFactor")}</dt>
            <dd>{selected.two_factor ? t("admin.users.on") : t("admin.users.off")}</dd>
            <dt>{t("admin.users.created")}</dt>
            <dd>{formatMoment(selected.create_time, locale)}</dd>
          </dl>
          <h3>{t("admin.users.sessions", { count: selected.sessions.length })}</h3>
          <ul className="console-rows">
            {selected.sessions.map((session) => (
              <li key={session.id}>
                <span>{session.client_id}</span>
                <span className="muted">{session.device_id}</span>
                <span className="muted">{session.ip}</span>
                <span className="muted">{formatMoment(session.last_used_time, locale)}</span>
              </li>
            ))}
          </ul>
          <div className="console-row-actions">
            {selected.status === "BLOCKED" ? (
              <button type="button" className="button" onClick={() => void act("unfreeze", selected.id)}>
                {t("admin.users.unfreeze")}
              </button>
            ) : (
              <button type="button" className="button" onClick={() => void act("freeze", selected.id)}>
                {t("admin.users.freeze")}
              </button>
            )}
            <button
              type="button"
              className="button ghost"
              onClick={() => void act("end_sessions", selected.id)}
            >
              {t("admin.users.endSessions")}
            </button>
          </div>
        </section>
      )}
      <div className="card console-card">
        <div className="table-wrap">
          <table className="console-table">
            <caption className="visually-hidden">{t("admin.nav.users")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.users.account")}</th>
                <th scope="col">{t("admin.col.status")}</th>
                <th scope="col">{t("admin.users.usage")}</th>
                <th scope="col">{t("admin.users.created")}</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((user) => (
                <tr key={user.id}>
                  <th scope="row">
                    <button type="button" className="link-button" onClick={() => void open(user.id)}>
                      {user.email || user.phone || user.username || user.id}
                    </button>
                    {user.premium && <span className="console-badge">{t("admin.users.premium")}</span>}
                  </th>
                  <td>{t(`admin.users.status.${user.status}`)}</td>
                  <td>{formatBytes(user.storage_usage, locale)}</td>
                  <td>{formatMoment(user.create_time, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ListFooter list={list} />
      </div>
    </>
  );
}
