import { nimbusApi } from "@nimbus/protocol";
import { useEffect } from "react";
import { callEndpoint } from "../api/client.js";
import { useLocale } from "../i18n/i18n.js";
import { whenIdle } from "../lib/idle.js";
import { ANY_FOLDER, notifyDriveChanged } from "./drive-events.js";
import { watchRemoteChanges } from "./remote-changes.js";

/**
 * While `enabled` (signed in), holds the long poll `GET /drive/v1/events/wait` open and has the
 * open list refetch when the drive changed elsewhere: another tab, another device, or a request
 * another node of a cluster served (nodes wake each other's polls through Redis).
 */
export function useRemoteChanges(enabled: boolean): void {
  const locale = useLocale();
  useEffect(() => {
    if (!enabled) return;
    // Started once the page is idle, out of hydration's effects task (decision 0088): a change
    // made before the cursor is taken is still caught by the read after the first poll settles.
    let stop: (() => void) | undefined;
    const cancel = whenIdle(() => {
      stop = watchRemoteChanges({
        wait: (after, signal) =>
          callEndpoint(nimbusApi.drive.waitEvents, { query: { after }, locale, signal }),
        onChanged: () => notifyDriveChanged(ANY_FOLDER),
      });
    });
    return () => {
      cancel();
      stop?.();
    };
  }, [enabled, locale]);
}
