import { dispatchAnalytics } from "../lib/analytics.js";
import { createClientEventEmitter } from "../lib/events.js";

/** The membership client events (`JUMP_TO_VIP`): listen with `membershipEvents.on(…)`. */
export const membershipEvents = createClientEventEmitter();

/** Spec §4 `JUMP_TO_VIP`: the user goes to pay for Premium or a pack; also sent as analytics. */
export function emitJumpToVip(data: { product_id: string; order_id?: string; from: string }): void {
  const event = membershipEvents.emit("JUMP_TO_VIP", data);
  dispatchAnalytics(event);
}
