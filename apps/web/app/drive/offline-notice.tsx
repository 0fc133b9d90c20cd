import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Icon } from "../components/icon.js";
import { useLocale, useT } from "../i18n/i18n.js";
import {
  KEEP_PAGE_MESSAGE,
  OFFLINE_SERVED_MESSAGE,
  type OfflineServed,
  SAVED_AT_ATTRIBUTE,
} from "../lib/offline-protocol.js";
import { ANY_FOLDER, notifyDriveChanged } from "./drive-events.js";
import "./offline-notice.css";

/** A cloud with a line through it. */
const OFFLINE_ICON = "M3 3l18 18M7.5 7.6A6 6 0 0 0 6 19h11m3.3-1.6A4 4 0 0 0 17 11h-.3A6.5 6.5 0 0 0 10 5.3";

/** The views whose page the worker was asked to keep in this page session. */
const askedToKeep = new Set<string>();

function keyOf(location: { pathname: string; search: string }): string {
  return location.pathname + location.search;
}

/**
 * The drive's offline banner (decision 0059): while the network is gone it says so, and on a
 * view the service worker answered from its kept copy, "Offline — showing what you saw at
 * 14:02" (the copy's time, in the user's locale). Back online it goes, and the lists are
 * fetched again.
 */
export function OfflineNotice() {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const [online, setOnline] = useState(true);
  const [saved, setSaved] = useState<Record<string, number>>({});
  const firstView = useRef(keyOf(location));

  useEffect(() => {
    const keptPage = Number(document.documentElement.getAttribute(SAVED_AT_ATTRIBUTE)) || 0;
    if (keptPage) setSaved((kept) => ({ ...kept, [firstView.current]: keptPage }));
    setOnline(navigator.onLine);
    const goOffline = () => setOnline(false);
    const goOnline = () => {
      setOnline(true);
      setSaved({});
      // The lists fetch again; no reload nor route revalidation, which would remount the page
      // and close a dialog open meanwhile with what was typed in it.
      notifyDriveChanged(ANY_FOLDER);
    };
    const onMessage = (event: MessageEvent<OfflineServed>) => {
      if (event.data?.type !== OFFLINE_SERVED_MESSAGE) return;
      const { view, savedAt } = event.data;
      setSaved((kept) => ({ ...kept, [view]: savedAt }));
    };
    window.addEventListener("offline", goOffline);
    window.addEventListener("online", goOnline);
    navigator.serviceWorker?.addEventListener("message", onMessage);
    return () => {
      window.removeEventListener("offline", goOffline);
      window.removeEventListener("online", goOnline);
      navigator.serviceWorker?.removeEventListener("message", onMessage);
    };
  }, []);

  // A view reached by a client navigation: the worker keeps its page too, once per page session,
  // after the navigation's own requests, so loading that address offline shows it as well.
  const view = keyOf(location);
  useEffect(() => {
    const worker = navigator.serviceWorker?.controller;
    // Sidebar views only (no query): a page per folder opened would double the server's renders.
    if (!worker || !navigator.onLine || view.includes("?")) return;
    if (view === firstView.current || askedToKeep.has(view)) return;
    const timer = setTimeout(() => {
      askedToKeep.add(view);
      worker.postMessage({ type: KEEP_PAGE_MESSAGE, url: view });
    }, 1_000);
    return () => clearTimeout(timer);
  }, [view]);

  if (online) return null;
  const savedAt = saved[view];
  const text = savedAt
    ? t("offline.savedAt", {
        time: new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit" }).format(savedAt),
      })
    : t("offline.banner");
  return (
    <div className="offline-notice" role="status" data-saved-at={savedAt || undefined}>
      <Icon d={OFFLINE_ICON} size={18} />
      <span>{text}</span>
    </div>
  );
}
