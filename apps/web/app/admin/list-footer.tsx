import type { ApiFailure } from "../api/client.js";
import { errorText } from "../api/client.js";
import { LoadFailed, LoadingLine } from "../components/load-state.js";
import { useT } from "../i18n/i18n.js";

/** Under a console table: loading, the failure, "nothing here", or the next page. */
/** What a console list shows under its rows (`useConsoleList`'s answer fits). */
export interface FooterList {
  busy: boolean;
  failure?: ApiFailure | undefined;
  rows: readonly unknown[];
  hasMore: boolean;
  more(): unknown;
  reload?(): unknown;
}

export function ListFooter({ list }: { list: FooterList }) {
  const { busy, failure, hasMore } = list;
  const empty = list.rows.length === 0;
  const onMore = () => void list.more();
  const t = useT();
  if (failure) {
    const retry = empty || !hasMore ? list.reload : list.more;
    return (
      <LoadFailed
        message={errorText(failure, t)}
        error={failure.error}
        retry={retry && (() => void retry())}
      />
    );
  }
  if (busy) return <LoadingLine />;
  if (empty) return <p className="muted">{t("admin.list.empty")}</p>;
  if (!hasMore) return null;
  return (
    <button type="button" className="button ghost" onClick={onMore}>
      {t("admin.list.more")}
    </button>
  );
}
