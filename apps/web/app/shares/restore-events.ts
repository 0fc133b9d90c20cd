import { dispatchAnalytics } from "../lib/analytics.js";
import { createEvent } from "../lib/events.js";

/**
 * The save flow's client events (spec §4): a click on save (`PLAYER_RESTORE` when it is the
 * preview's, the player's, save button), the request going out, its outcome.
 */
export type RestoreEventType = "RESTORE_CLICK" | "PLAYER_RESTORE" | "RESTORE_SAVING" | "RESTORE_STATUS";

export interface RestoreEventData {
  share_id: string;
  file_count: number;
  /** RESTORE_CLICK: whether the visitor was signed in; RESTORE_SAVING: whether this continued a save after sign-in. */
  signed_in?: boolean;
  continued?: boolean;
  /** RESTORE_STATUS: RESTORE_COMPLETE, or the error name of a failed save. */
  status?: string;
}

/**
 * Dispatched on `window` as `nimbus:analytics` (like the block page's view), where an
 * analytics integration or a test can pick them up.
 */
export function trackRestore(type: RestoreEventType, data: RestoreEventData): void {
  if (typeof window === "undefined") return;
  dispatchAnalytics(createEvent({ type, source: "nimbus-web", data }));
}
