import type { RewardGrants } from "@nimbus/protocol";
import { formatBytes } from "../i18n/format.js";
import type { Translate } from "../i18n/i18n.js";

/** A moment (ISO) in the page's language, date and time, UTC, the same on server and client. */
export function formatMoment(iso: string, locale: string): string {
  if (!iso) return "";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(
    new Date(iso),
  );
}

/** What one code of a batch grants: "7 days of Premium · 100 GB storage". */
export function grantsText(grants: RewardGrants, t: Translate, locale: string): string {
  const parts: string[] = [];
  if (grants.premium_days) parts.push(t("admin.codes.grant.days", { days: grants.premium_days }));
  if (grants.storage_bytes)
    parts.push(t("admin.codes.grant.storage", { amount: formatBytes(grants.storage_bytes, locale) }));
  if (grants.traffic_bytes)
    parts.push(t("admin.codes.grant.traffic", { amount: formatBytes(grants.traffic_bytes, locale) }));
  return parts.join(" · ");
}
