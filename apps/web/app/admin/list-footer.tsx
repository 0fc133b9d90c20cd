import type { ApiFailure } from "../api/client.js";
import { errorText } from "../api/client.js";
import { Spinner } from "../components/spinner.js";
import { useT } from "../i18n/i18n.js";

/** Under a console table: loading, the failure, "nothing here", or the next page. */
/** What a console list shows under its rows (`useConsoleList`'s answer fits). */
export interface FooterList {
  busy: boolean;
  failure?: ApiFailure | undefined;
  rows: readonly unknown[];
  hasMore: boolean;
  more(): unknown;
}

export function ListFooter({ list }: { list: FooterList }) {
  const { busy, failure, hasMore } = list;
  const empty = list.rows.length === 0;
  const onMore = () => void list.more();
  const t = useT();
  if (failure)
    return (
      <p className="form-message error" role="alert">
        {errorText(failure, t)}
      </p>
    );
  if (busy)
    return (
      <p className="loading-line" role="status">
        <Spinner /> {t("common.loading")}
      </p>
    );
  if (empty) return <p className="muted">{t("admin.list.empty")}</p>;
  if (!hasMore) return null;
  return (
    <button type="button" className="button ghost" onClick={onMore}>
      {t("admin.list.more")}
    </button>
  );
}
