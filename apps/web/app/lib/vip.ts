/** VIP status meaning premium (spec §3, §4). */
export const VIP_STATUS_OK = "ok";
export const DAY_MS = 24 * 60 * 60 * 1000;

export function isPremium(vip: { status?: unknown } | null | undefined): boolean {
  return vip?.status === VIP_STATUS_OK;
}

/** Epoch ms of an expiry given as epoch ms, a date string or a Date; undefined if unreadable. */
function expiryMs(expire: unknown): number | undefined {
  const ms =
    expire instanceof Date ? expire.getTime() : typeof expire === "string" ? Date.parse(expire) : expire;
  return typeof ms === "number" && Number.isFinite(ms) ? ms : undefined;
}

/** VIP days left (spec §5): whole days, rounded up, never negative; 0 for an unreadable expiry. */
export function vipDaysLeft(expire: unknown, now: number): number {
  const ms = expiryMs(expire);
  if (ms === undefined) return 0;
  return Math.max(0, Math.ceil((ms - now) / DAY_MS));
}
