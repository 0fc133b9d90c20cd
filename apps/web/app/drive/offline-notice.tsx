import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Icon } from "../components/icon.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { OFFLINE_SERVED_MESSAGE, type OfflineServed, SAVED_AT_ATTRIBUTE } from "../lib/offline-protocol.js";
import { ANY_FOLDER, notifyDriveChanged } from "./drive-events.js";
import "./offline-notice.css";

/** A cloud with a line through it. */
const OFFLINE_ICON = "M3 3l18 18M7.5 7.6A6 6 0 0 0 6 19h11m3.3-1.6A4 4 0 0 0 17 11h-.3A6.5 6.5 0 0 0 10 5.3";

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

  if (online) return null;
  const savedAt = saved[keyOf(location)];
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
