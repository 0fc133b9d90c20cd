import type { Share } from "@nimbus/protocol";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { errorText } from "../api/client.js";
import { EmptyState } from "../components/empty-state.js";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { LoadFailed, LoadingLine } from "../components/load-state.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { Modal } from "./modal.js";
import { shareApi } from "./share-api.js";
import "./shares.css";
import { ShareRow } from "./share-row.js";

type Listing =
  | { kind: "loading" }
  | { kind: "failed"; message: string; error: string }
  | { kind: "ready"; shares: Share[]; nextPageToken: string; loadingMore: boolean };

/** "My shares": every link I made with its counts, copy and cancel. */
export function MyShares() {
  const t = useT();
  const locale = useLocale();
  const [listing, setListing] = useState<Listing>({ kind: "loading" });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const [notice, setNotice] = useState("");
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: t follows locale; version reloads
  useEffect(() => {
    let live = true;
    void shareApi(locale)
      .list()
      .then((result) => {
        if (!live) return;
        setListing(
          result.ok
            ? {
                kind: "ready",
                shares: result.data.data,
                nextPageToken: result.data.next_page_token,
                loadingMore: false,
              }
            : { kind: "failed", message: errorText(result.error, t), error: result.error.error },
        );
      });
    return () => {
      live = false;
    };
  }, [locale, version]);

  const loadMore = useCallback(async () => {
    if (listing.kind !== "ready" || !listing.nextPageToken) return;
    setListing({ ...listing, loadingMore: true });
    const result = await shareApi(locale).list(listing.nextPageToken);
    setListing(
      result.ok
        ? {
            kind: "ready",
            shares: [...listing.shares, ...result.data.data],
            nextPageToken: result.data.next_page_token,
            loadingMore: false,
          }
        : { ...listing, loadingMore: false },
    );
  }, [listing, locale]);

  const cancel = async (ids: string[]) => {
    setConfirming(null);
    const result = await shareApi(locale).cancel(ids);
    setNotice(result.ok ? t("shares.mine.cancelled", { count: ids.length }) : errorText(result.error, t));
    setSelected(new Set());
    setVersion((v) => v + 1);
  };

  const noticeLine = notice ? (
    <p className="form-message success" role="status">
      {notice}
    </p>
  ) : null;
  if (listing.kind === "loading") return <LoadingLine />;
  if (listing.kind === "failed")
    return (
      <LoadFailed
        message={listing.message}
        error={listing.error}
        retry={() => {
          setListing({ kind: "loading" });
          setVersion((v) => v + 1);
        }}
      />
    );
  if (listing.shares.length === 0)
    return (
      <>
        {noticeLine}
        <EmptyState icon={icons.share} prefix="shares.mine.empty">
          <Link className="button primary" to="/drive/all">
            {t("nav.openDrive")}
          </Link>
        </EmptyState>
      </>
    );

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <>
      <div className="my-shares-tools">
        {/* Only with links selected: a disabled "Stop sharing 0 links" said nothing useful. */}
        {selected.size > 0 && (
          <button type="button" className="button" onClick={() => setConfirming([...selected])}>
            <Icon d={icons.trash} size={18} />
            {t("shares.mine.cancelSelected", { count: selected.size })}
          </button>
        )}
        {noticeLine}
      </div>
      <table className="my-shares-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t("shares.list.selectAll")}</span>
            </th>
            <th scope="col">{t("shares.mine.col.share")}</th>
            <th scope="col">{t("shares.mine.col.status")}</th>
            <th scope="col">{t("shares.mine.col.expires")}</th>
            <th scope="col" className="num">
              {t("shares.mine.col.views")}
            </th>
            <th scope="col" className="num">
              {t("shares.mine.col.saves")}
            </th>
            <th scope="col" className="num">
              {t("shares.mine.col.downloads")}
            </th>
            <th scope="col">
              <span className="visually-hidden">{t("shares.mine.col.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {listing.shares.map((share) => (
            <ShareRow
              key={share.share_id}
              share={share}
              checked={selected.has(share.share_id)}
              onToggle={() => toggle(share.share_id)}
              onCancel={() => setConfirming([share.share_id])}
            />
          ))}
        </tbody>
      </table>
      {listing.nextPageToken && (
        <button type="button" className="button share-more" disabled={listing.loadingMore} onClick={loadMore}>
          {t("shares.list.more")}
        </button>
      )}
      {confirming && (
        <Modal
          title={t("shares.mine.confirmTitle", { count: confirming.length })}
          onClose={() => setConfirming(null)}
        >
          <p>{t("shares.mine.confirmBody")}</p>
          <div className="actions share-modal-actions">
            <button type="button" className="button" onClick={() => setConfirming(null)}>
              {t("shares.keep")}
            </button>
            <button type="button" className="button primary" onClick={() => void cancel(confirming)}>
              {t("shares.mine.cancel")}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
