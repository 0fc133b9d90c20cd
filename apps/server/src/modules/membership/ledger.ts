/**
 * Pure derivations from the entitlement ledger (no database): premium expiry with
 * stacking, days left, and which packs count now. `entitlements.ts` reads the rows.
 */

export const DAY_MS = 86_400_000;

/** The premium type the shop sells; the web's `type` besides `novip`. */
export const PREMIUM_TYPE = "platinum";

export type GrantSource =
  | "purchase"
  | "renewal"
  | "activation_code"
  | "invite"
  | "check_in"
  | "campaign"
  | "compensation"
  | "admin";

export const GRANT_SOURCES: readonly GrantSource[] = [
  "purchase",
  "renewal",
  "activation_code",
  "invite",
  "check_in",
  "campaign",
  "compensation",
  "admin",
];

/** A ledger row as the derivations read it. */
export interface LedgerGrant {
  id: string;
  premium_type: string | null;
  premium_days: number;
  storage_bytes: number;
  traffic_bytes: number;
  offline_tasks_per_day: number;
  starts_at: number;
  ends_at: number | null;
  revoked_at: number | null;
}

/** The live premium grants in chain order, each with the span of premium it adds. */
function premiumChain(grants: readonly LedgerGrant[]): { grant: LedgerGrant; from: number; to: number }[] {
  const premium = grants
    .filter((g) => g.revoked_at === null && g.premium_type !== null && g.premium_days > 0)
    .sort((a, b) => a.starts_at - b.starts_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const chain: { grant: LedgerGrant; from: number; to: number }[] = [];
  let expire = 0;
  for (const grant of premium) {
    const from = Math.max(expire, grant.starts_at);
    expire = from + grant.premium_days * DAY_MS;
    chain.push({ grant, from, to: expire });
  }
  return chain;
}

/**
 * When premium ends, given every grant: each premium grant adds its days from the
 * later of its own start and the expiry before it (stacking), in start order. A revoked
 * grant adds nothing, so revoking one shortens the whole chain behind it. Null when no
 * premium was ever granted.
 */
export function premiumExpiry(grants: readonly LedgerGrant[]): { type: string; expire: number } | null {
  const last = premiumChain(grants).at(-1);
  return last ? { type: last.grant.premium_type as string, expire: last.to } : null;
}

/**
 * The grants whose premium still runs at `now` or is still to come. Spans only grow along
 * the chain, so the others are a prefix that ends by `now`: revoking these ends premium now.
 */
export function premiumGrantsAfter(grants: readonly LedgerGrant[], now: number): LedgerGrant[] {
  return premiumChain(grants)
    .filter((span) => span.to > now)
    .map((span) => span.grant);
}

/** Whole days of premium left: rounded up, never negative. */
export function surplusDays(expire: number, now: number): number {
  return Math.max(0, Math.ceil((expire - now) / DAY_MS));
}

/** A pack or cap grant counts while `starts_at <= now < ends_at` (no end: for good) and not revoked. */
export function isCurrent(grant: LedgerGrant, now: number): boolean {
  return (
    grant.revoked_at === null && grant.starts_at <= now && (grant.ends_at === null || now < grant.ends_at)
  );
}

export interface PackHolding {
  kind: "storage_pack" | "traffic_pack";
  bytes: number;
  /** Epoch ms the pack ends, null when it does not. */
  expire: number | null;
}

export interface Limits {
  freeStorageBytes: number;
  premiumStorageBytes: number;
  freeDownloadTrafficBytes: number;
  premiumDownloadTrafficBytes: number;
}

/** Everything the ledger decides for one user at `now`. */
export interface MembershipStatus {
  /** Null while not premium (never granted, or expired). */
  premium: { type: string; expire: number; surplusDay: number } | null;
  /** The last premium expiry, also after it passed (0 when never premium). */
  lastExpire: number;
  storageLimit: number;
  /** This month's download traffic allowance. */
  downloadTrafficLimit: number;
  /** Extra cloud-download tasks per day the grants add. */
  offlineTasksPerDay: number;
  packs: PackHolding[];
}

export function deriveStatus(grants: readonly LedgerGrant[], now: number, limits: Limits): MembershipStatus {
  const chain = premiumExpiry(grants);
  const premium =
    chain && chain.expire > now
      ? { type: chain.type, expire: chain.expire, surplusDay: surplusDays(chain.expire, now) }
      : null;
  const packs: PackHolding[] = [];
  let storage = 0;
  let traffic = 0;
  let tasks = 0;
  for (const grant of grants) {
    if (!isCurrent(grant, now)) continue;
    if (grant.storage_bytes > 0) {
      storage += grant.storage_bytes;
      packs.push({ kind: "storage_pack", bytes: grant.storage_bytes, expire: grant.ends_at });
    }
    if (grant.traffic_bytes > 0) {
      traffic += grant.traffic_bytes;
      packs.push({ kind: "traffic_pack", bytes: grant.traffic_bytes, expire: grant.ends_at });
    }
    tasks += grant.offline_tasks_per_day;
  }
  return {
    premium,
    lastExpire: chain?.expire ?? 0,
    storageLimit: (premium ? limits.premiumStorageBytes : limits.freeStorageBytes) + storage,
    downloadTrafficLimit:
      (premium ? limits.premiumDownloadTrafficBytes : limits.freeDownloadTrafficBytes) + traffic,
    offlineTasksPerDay: tasks,
    packs,
  };
}
