import { nimbusApi } from "@nimbus/protocol";
import { useCallback, useState } from "react";
import { callEndpoint } from "../api/client.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { ConsoleTable } from "./console-table.js";
import { formatMoment } from "./format.js";
import { ListFooter } from "./list-footer.js";
import { useAdminList } from "./use-admin-list.js";

/** The admin log: who did what, when, from where. Read-only; filtered on the server by action. */
export function AdminLogSection() {
  const t = useT();
  const locale = useLocale();
  const [action, setAction] = useState("");
  const fetchPage = useCallback(
    (page_token?: string) =>
      callEndpoint(nimbusApi.admin.listActions, {
        query: { limit: 25, page_token, ...(action ? { action } : {}) },
        locale,
      }),
    [action, locale],
  );
  const list = useAdminList(fetchPage);
  return (
    <div className="card console-card">
      <form
        className="console-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setAction(String(new FormData(event.currentTarget).get("action")).trim());
        }}
      >
        <div className="console-field wide">
          <label htmlFor="console-log-action">{t("admin.log.action")}</label>
          <input id="console-log-action" name="action" placeholder="user.freeze" defaultValue={action} />
        </div>
        <button type="submit" className="button">
          {t("admin.log.filter")}
        </button>
      </form>
      <ConsoleTable
        caption={t("admin.nav.actions")}
        columns={[
          t("admin.col.time"),
          t("admin.log.who"),
          t("admin.log.action"),
          t("admin.log.target"),
          t("admin.log.from"),
        ]}
      >
        {list.rows.map((row) => (
          <tr key={row.id}>
            <td>{formatMoment(row.create_time, locale)}</td>
            <td>{row.admin_email || row.admin_user_id}</td>
            <td>
              <code>{row.action}</code>
            </td>
            <td className="console-wrap" title={row.target}>
              {row.target_email || row.target}
            </td>
            <td>{row.ip}</td>
          </tr>
        ))}
      </ConsoleTable>
      <ListFooter list={list} />
    </div>
  );
}
