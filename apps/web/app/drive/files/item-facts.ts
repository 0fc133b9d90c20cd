import type { DriveFile } from "@nimbus/protocol";
import type { useT } from "../../i18n/i18n.js";

// The dates an item shows, in the page's language (list rows and grid cards).

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** Modified time in the page's language: date and time, or the date alone (cards). */
export function formatModified(iso: string, locale: string, dateOnly = false): string {
  const key = `${locale}|${dateOnly}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      dateOnly ? { dateStyle: "medium" } : { dateStyle: "medium", timeStyle: "short" },
    );
    dateFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

const DAY_MS = 86_400_000;

/**
 * Days before a trashed item is deleted for good, counted up (an item trashed just now
 * has the whole 30 days the trash promises, not 29); 0 within its last day. `now` is the
 * browser's clock, and counts from the trashing at the earliest: a clock behind the
 * server's must not promise a just-trashed item 31 days.
 */
export function daysLeft(deleteTime: string, now: number, trashedTime?: string): number {
  const from = trashedTime ? Math.max(now, Date.parse(trashedTime)) : now;
  const left = Date.parse(deleteTime) - from;
  return left < DAY_MS ? 0 : Math.ceil(left / DAY_MS);
}

/** A trashed item's "Deleted …" date and the days left before the expiry deletes it. */
export function trashFacts(file: DriveFile, locale: string, t: ReturnType<typeof useT>, dateOnly: boolean) {
  if (!file.trashed_time) return undefined;
  const deleted = formatModified(file.trashed_time, locale, dateOnly);
  const deletedDay = formatModified(file.trashed_time, locale, true);
  if (!file.delete_time) return { deleted, deletedDay, left: "" };
  const days = daysLeft(file.delete_time, Date.now(), file.trashed_time);
  return {
    deleted,
    deletedDay,
    left: days > 0 ? t("files.trash.daysLeft", { count: days }) : t("files.trash.lastDay"),
  };
}
