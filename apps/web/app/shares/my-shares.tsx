import type { Share } from "@nimbus/protocol";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { errorText } from "../api/client.js";
import { EmptyState } from "../components/empty-state.js";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { LoadFailed, LoadingLine } from "../components/load-state.js";
import { formatDate } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { Modal } from "./modal.js";
import { absoluteUrl, shareApi } from "./share-api.js";
import { statusKeys } from "./share-status.js";
import { copyToClipboard, shareText } from "./share-text.js";
import "./shares.css";

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

function ShareRow({
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
