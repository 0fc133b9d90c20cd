/**
 * The formatters a page creates first (dates and times, sizes, plurals), created on a worker
 * thread in the page's language and dropped. Chromium keeps ICU's locale data in caches shared
 * by every thread of the page's process, and the first formatter of a kind pays for filling
 * them: 55–90 ms on the reference machine, four times that on Lighthouse's phone, inside the
 * hydration task (issue #17: blocking time). Filled by the worker while the page's catalogue
 * loads, the same formatters cost the main thread about a millisecond. Never awaited: without
 * workers, or when the worker is late, the page formats as before.
 */
export const INTL_WARMUP_SOURCE = `onmessage = (event) => {
  const locale = event.data;
  try {
    new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(0);
    new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(0);
    new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(1.5);
    new Intl.PluralRules(locale).select(1);
  } catch {}
  postMessage(locale);
};`;

export function warmIntl(locale: string): void {
  if (typeof Worker === "undefined" || typeof URL.createObjectURL !== "function") return;
  try {
    const url = URL.createObjectURL(new Blob([INTL_WARMUP_SOURCE], { type: "text/javascript" }));
    const worker = new Worker(url);
    const done = () => {
      worker.terminate();
      URL.revokeObjectURL(url);
    };
    worker.onmessage = done;
    worker.onerror = done;
    worker.postMessage(locale);
  } catch {
    // A browser without blob workers (or a stricter policy) formats on the main thread.
  }
}
