import type { DriveEventWait } from "@nimbus/protocol";
import type { ApiResult } from "../api/client.js";

/** One long poll (`GET /drive/v1/events/wait`): `after` undefined answers the cursor at once. */
export type WaitForChange = (
  after: string | undefined,
  signal: AbortSignal,
) => Promise<ApiResult<DriveEventWait>>;

export interface RemoteChangesOptions {
  wait: WaitForChange;
  /** The drive changed somewhere else (another tab, device or node), or by this tab's own action. */
  onChanged: () => void;
  /** Whether the page is seen, and a way to hear when it is again (a hidden tab does not poll). */
  page?: { visible(): boolean; onVisible(listener: () => void): () => void };
  sleep?: (ms: number) => Promise<void>;
  /** How long after taking the cursor the first poll is held (default 10 s; see below). */
  settleMs?: number;
}

/** After failures the next poll waits 2 s, 4 s, … up to a minute. */
const MAX_BACKOFF_MS = 60_000;

/**
 * Keeps one long poll open while the page is seen and calls `onChanged` when it answers that the
 * user's drive changed; a hidden page stops after its current poll and, seen again, asks at once
 * whether anything changed meanwhile. Stops for good when signed out (401/403). Answers `stop`.
 * The cursor is taken at once but the first poll is held only `settleMs` later: a page that just
 * loaded finishes its own requests first (and tools waiting for the network to go quiet see it
 * quiet), and a change made meanwhile still answers that first poll at once. When the settling
 * ends the list is read once more, for a change made between the page's render and the cursor.
 */
export function watchRemoteChanges({
  wait,
  onChanged,
  page = documentPage(),
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  settleMs = 10_000,
}: RemoteChangesOptions): () => void {
  const stopped = new AbortController();
  const untilVisible = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        stopListening();
        stopped.signal.removeEventListener("abort", done);
        resolve();
      };
      const stopListening = page.onVisible(done);
      stopped.signal.addEventListener("abort", done);
    });
  void (async () => {
    let cursor: string | undefined;
    let failures = 0;
    while (!stopped.signal.aborted) {
      if (!page.visible()) {
        await untilVisible();
        continue;
      }
      const answer = await wait(cursor, stopped.signal).catch(() => undefined);
      if (stopped.signal.aborted) return;
      if (!answer?.ok) {
        const status = answer?.error.status ?? 0;
        if (status === 401 || status === 403) return;
        failures++;
        await sleep(Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** failures));
        continue;
      }
      failures = 0;
      if (answer.data.changed && cursor !== undefined) onChanged();
      const first = cursor === undefined;
      cursor = answer.data.latest_id;
      if (first) {
        await sleep(settleMs);
        // The list on screen may be older than the cursor (the server rendered it before a
        // change the cursor already counts, while the page was still loading): read it once more.
        if (!stopped.signal.aborted) onChanged();
      }
    }
  })();
  return () => stopped.abort();
}

function documentPage() {
  return {
    visible: () => typeof document === "undefined" || document.visibilityState !== "hidden",
    onVisible(listener: () => void) {
      const handle = () => {
        if (document.visibilityState !== "hidden") listener();
      };
      document.addEventListener("visibilitychange", handle);
      return () => document.removeEventListener("visibilitychange", handle);
    },
  };
}
