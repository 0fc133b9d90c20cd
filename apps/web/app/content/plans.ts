/**
 * What the shop sells, with list prices in US cents. Checkout and the prices an
 * operator charges come with membership and payments; until then choosing a plan shows
 * the server's answer. Feature texts: `plans.feature.<feature>` with `{amount}`.
 */
export interface Plan {
  id: string;
  /** Catalogue key of the name; `{amount}` is filled from `bytes`. */
  name: string;
  cents: number;
  period: "free" | "month" | "year" | "once";
  bytes?: number;
  features: ReadonlyArray<readonly [feature: string, bytes?: number]>;
  highlight?: boolean;
}

const GB = 1024 ** 3;
const TB = 1024 ** 4;

export const MEMBERSHIP_PLANS: readonly Plan[] = [
  {
    id: "free",
    name: "plans.free",
    cents: 0,
    period: "free",
    features: [["storage", 6 * GB], ["sharing"], ["cloudFree"]],
  },
  {
    id: "premium-month",
    name: "plans.premiumMonth",
    cents: 999,
    period: "month",
    features: [["storage", 10 * TB], ["traffic", 1200 * GB], ["cloudPremium"], ["speed"]],
  },
  {
    id: "premium-year",
    name: "plans.premiumYear",
    cents: 7999,
    period: "year",
    highlight: true,
    features: [["storage", 10 * TB], ["traffic", 1200 * GB], ["cloudPremium"], ["speed"], ["yearSaving"]],
  },
];

export const STORAGE_PACKS: readonly Plan[] = [
  { id: "storage-100g", bytes: 100 * GB, cents: 199 },
  { id: "storage-1t", bytes: 1 * TB, cents: 499 },
  { id: "storage-5t", bytes: 5 * TB, cents: 1499 },
].map((pack) => ({
  ...pack,
  name: "plans.storagePack",
  period: "month" as const,
  features: [["storageAdd", pack.bytes], ["cancelAnytime"]] as const,
  highlight: pack.id === "storage-1t",
}));

export const TRAFFIC_PACKS: readonly Plan[] = [
  { id: "traffic-100g", bytes: 100 * GB, cents: 299 },
  { id: "traffic-500g", bytes: 500 * GB, cents: 999 },
  { id: "traffic-2t", bytes: 2 * TB, cents: 2999 },
].map((pack) => ({
  ...pack,
  name: "plans.trafficPack",
  period: "once" as const,
  features: [["trafficAdd", pack.bytes], ["valid90"]] as const,
  highlight: pack.id === "traffic-500g",
}));
