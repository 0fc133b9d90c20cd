/** A moment (ISO) in the page's language, date and time, UTC, the same on server and client. */
export function formatMoment(iso: string, locale: string): string {
  if (!iso) return "";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(
    new Date(iso),
  );
}
