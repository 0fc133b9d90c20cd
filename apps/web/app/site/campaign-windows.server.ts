import { type CampaignListResponse, type CampaignOffer, nimbusApi } from "@nimbus/protocol";
import { type ApiFetch, answeredWithin } from "../lib/load-context.js";

/** A campaign page's run as the server is configured (`REWARD_CAMPAIGNS`) and what it charges. */
export interface CampaignWindowView {
  id: string;
  startsAt: number;
  endsAt: number;
  offers: CampaignOffer[];
}

/**
 * The configured run of the campaign a page shows (`christmas` → `christmas` or
 * `christmas_2027`), or undefined when the operator configured none for it; null when the
 * server did not answer. `currency` is the one the plans page would charge in.
 */
export async function campaignWindowOf(
  apiFetch: ApiFetch | undefined,
  pageId: string,
  now: number,
  currency?: string,
): Promise<CampaignWindowView | undefined | null> {
  if (!apiFetch) return null;
  try {
    const query = currency ? `?scope=all&currency=${encodeURIComponent(currency)}` : "?scope=all";
    const answer = await answeredWithin(2_000, apiFetch(`${nimbusApi.rewards.campaigns.path}${query}`));
    if (!answer.ok) return null;
    const { campaigns } = (await answer.json()) as CampaignListResponse;
    const key = pageId.replace(/-/g, "_");
    const windows = campaigns
      .filter((c) => c.id === key || c.id.startsWith(`${key}_`))
      .map((c) => ({
        id: c.id,
        startsAt: Date.parse(c.start_time),
        endsAt: Date.parse(c.end_time),
        offers: c.offers,
      }))
      .sort((a, b) => a.endsAt - b.endsAt);
    // The first that has not ended yet, else the last one (ended).
    return windows.find((w) => now < w.endsAt) ?? windows.at(-1);
  } catch {
    return null;
  }
}
