import type { TransparencyReport } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { type ApiFetch, answeredWithin } from "../lib/load-context.js";

/** The year a transparency URL asks for (`?year=2026`), or undefined for all time. */
export function requestedYear(url: URL): number | undefined {
  const year = url.searchParams.get("year");
  return year && /^\d{4}$/.test(year) ? Number(year) : undefined;
}

/**
 * The transparency report's figures for a page render, read in-process from the public
 * statistics call; null when it cannot be read (the page says so instead of showing zeros).
 */
export async function loadTransparency(
  apiFetch: ApiFetch | undefined,
  locale: string,
  year: number | undefined,
): Promise<TransparencyReport | null> {
  if (!apiFetch) return null;
  try {
    const answer = await answeredWithin(
      3000,
      apiFetch(`${nimbusApi.drive.transparencyReport.path}${year === undefined ? "" : `?year=${year}`}`, {
        headers: { accept: "application/json", "accept-language": locale },
      }),
    );
    if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
    return (await answer.json()) as TransparencyReport;
  } catch (error) {
    console.info("transparency figures unavailable", error);
    return null;
  }
}
