import { describe, expect, it } from "vitest";
import {
  DAY_MS,
  deriveStatus,
  type LedgerGrant,
  premiumExpiry,
  premiumGrantsAfter,
  surplusDays,
} from "./ledger.js";

const T0 = Date.UTC(2026, 0, 1);
const limits = {
  freeStorageBytes: 10,
  premiumStorageBytes: 1000,
  freeDownloadTrafficBytes: 5,
  premiumDownloadTrafficBytes: 500,
};

function g(partial: Partial<LedgerGrant>): LedgerGrant {
  return {
    id: partial.id ?? `g${Math.random()}`,
    premium_type: null,
    premium_days: 0,
    storage_bytes: 0,
    traffic_bytes: 0,
    offline_tasks_per_day: 0,
    starts_at: T0,
    ends_at: null,
    revoked_at: null,
    ...partial,
  };
}

describe("surplus days", () => {
  it("rounds up to whole days and never goes below zero", () => {
    expect(surplusDays(T0 + DAY_MS, T0)).toBe(1);
    expect(surplusDays(T0 + DAY_MS + 1, T0)).toBe(2);
    expect(surplusDays(T0 + 1, T0)).toBe(1);
    expect(surplusDays(T0, T0)).toBe(0);
    expect(surplusDays(T0 - 5 * DAY_MS, T0)).toBe(0);
  });
});

describe("premium stacking", () => {
  it("extends from the current expiry, not from the new grant's start", () => {
    const grants = [
      g({ id: "a", premium_type: "platinum", premium_days: 30, starts_at: T0 }),
      g({ id: "b", premium_type: "platinum", premium_days: 10, starts_at: T0 + 5 * DAY_MS }),
    ];
    expect(premiumExpiry(grants)?.expire).toBe(T0 + 40 * DAY_MS);
  });

  it("starts afresh after a gap, and a revoked grant adds nothing", () => {
    const grants = [
      g({ id: "a", premium_type: "platinum", premium_days: 3, starts_at: T0 }),
      g({ id: "b", premium_type: "platinum", premium_days: 7, starts_at: T0 + 10 * DAY_MS }),
      g({
        id: "c",
        premium_type: "platinum",
        premium_days: 100,
        starts_at: T0 + 11 * DAY_MS,
        revoked_at: T0,
      }),
    ];
    expect(premiumExpiry(grants)?.expire).toBe(T0 + 17 * DAY_MS);
    expect(premiumExpiry([g({ storage_bytes: 5 })])).toBeNull();
  });
});

describe("ending premium now", () => {
  it("picks the grants still running or to come, so the rest of the chain ends by now", () => {
    const grants = [
      g({ id: "past", premium_type: "platinum", premium_days: 3, starts_at: T0 }),
      g({ id: "now", premium_type: "platinum", premium_days: 10, starts_at: T0 + 5 * DAY_MS }),
      g({ id: "next", premium_type: "platinum", premium_days: 10, starts_at: T0 + 6 * DAY_MS }),
      g({ id: "pack", storage_bytes: 5, starts_at: T0 + 6 * DAY_MS }),
      g({ id: "gone", premium_type: "platinum", premium_days: 9, starts_at: T0, revoked_at: T0 }),
    ];
    const now = T0 + 8 * DAY_MS;
    const ending = premiumGrantsAfter(grants, now).map((grant) => grant.id);
    expect(ending).toEqual(["now", "next"]);
    const rest = grants.filter((grant) => !ending.includes(grant.id));
    expect(premiumExpiry(rest)?.expire).toBe(T0 + 3 * DAY_MS);
    expect(deriveStatus(rest, now, limits).premium).toBeNull();
  });

  it("picks nothing when premium already ended", () => {
    const grants = [g({ premium_type: "platinum", premium_days: 3, starts_at: T0 })];
    expect(premiumGrantsAfter(grants, T0 + 3 * DAY_MS)).toEqual([]);
  });
});

describe("status", () => {
  it("is premium until the expiry, with its limits plus current packs", () => {
    const grants = [
      g({ premium_type: "platinum", premium_days: 2 }),
      g({ storage_bytes: 7, ends_at: T0 + 3 * DAY_MS }),
      g({ traffic_bytes: 9, ends_at: T0 + DAY_MS }),
      g({ storage_bytes: 100, ends_at: T0 + DAY_MS, revoked_at: T0 }),
    ];
    const during = deriveStatus(grants, T0 + DAY_MS / 2, limits);
    expect(during.premium).toEqual({ type: "platinum", expire: T0 + 2 * DAY_MS, surplusDay: 2 });
    expect(during.storageLimit).toBe(1007);
    expect(during.downloadTrafficLimit).toBe(509);
    expect(during.packs).toHaveLength(2);

    const after = deriveStatus(grants, T0 + 2 * DAY_MS, limits);
    expect(after.premium).toBeNull();
    expect(after.lastExpire).toBe(T0 + 2 * DAY_MS);
    expect(after.storageLimit).toBe(17);
    expect(after.downloadTrafficLimit).toBe(5);
  });
});
