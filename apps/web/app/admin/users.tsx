import type { AdminUserDetail } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { useCallback, useState } from "react";
import { callEndpoint, errorText } from "../api/client.js";
import { Toasts, useToasts } from "../components/toasts.js";
import { formatBytes } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { ConsoleTable } from "./console-table.js";
import { formatMoment } from "./format.js";
import { ListFooter } from "./list-footer.js";
import { useAdminList } from "./use-admin-list.js";
import { accountLabel, UserDetails } from "./user-details.js";

type Status = "" | "ACTIVE" | "BLOCKED" | "PENDING";

/** Users: search (on the server), and one account's details with what an admin can do to it. */
export function UsersSection() {
  const t = useT();
  const locale = useLocale();
  const [q, setQ] = useState("");
  const [status, setStatus] = useState<Status>("");
  const [selected, setSelected] = useState<AdminUserDetail | undefined>(undefined);
  const [toasts, notify, dismiss] = useToasts();
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
    const answer = await callEndpoint(nimbusApi.admin.getUser, { params: { id }, locale });
    if (answer.ok) setSelected(answer.data);
    else notify({ text: errorText(answer.error, t), tone: "error" });
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
        <div className="console-field wide">
          <label htmlFor="console-user-q">{t("admin.users.search")}</label>
          <input id="console-user-q" name="q" type="search" defaultValue={q} />
        </div>
        <div className="console-field">
          <label htmlFor="console-user-status">{t("admin.col.status")}</label>
          <select id="console-user-status" name="status" defaultValue={status}>
            <option value="">{t("admin.users.status.any")}</option>
            <option value="ACTIVE">{t("admin.users.status.ACTIVE")}</option>
            <option value="BLOCKED">{t("admin.users.status.BLOCKED")}</option>
            <option value="PENDING">{t("admin.users.status.PENDING")}</option>
          </select>
        </div>
        <button type="submit" className="button primary">
          {t("admin.users.find")}
        </button>
      </form>
      {selected && (
        <UserDetails
          key={selected.id}
          user={selected}
          notify={notify}
          onChanged={(user) => {
            setSelected(user);
            list.replace((rows) =>
              rows.map((row) =>
                row.id === user.id ? { ...row, status: user.status, premium: user.premium } : row,
              ),
            );
          }}
          onDeleted={(id) => {
            setSelected(undefined);
            list.replace((rows) => rows.filter((row) => row.id !== id));
          }}
        />
      )}
      <div className="card console-card">
        <ConsoleTable
          caption={t("admin.nav.users")}
          columns={[
            t("admin.users.account"),
            t("admin.col.status"),
            t("admin.users.usage"),
            t("admin.users.created"),
          ]}
        >
          {list.rows.map((user) => (
            <tr key={user.id}>
              <th scope="row">
                <button type="button" className="link-button" onClick={() => void open(user.id)}>
                  {accountLabel(user)}
                </button>
                {user.premium && <span className="console-badge">{t("admin.users.premium")}</span>}
              </th>
              <td>{t(`admin.users.status.${user.status}`)}</td>
              <td>{formatBytes(user.storage_usage, locale)}</td>
              <td>{formatMoment(user.create_time, locale)}</td>
            </tr>
          ))}
        </ConsoleTable>
        <ListFooter list={list} />
      </div>
      <Toasts toasts={toasts} dismiss={dismiss} />
    </>
  );
}
