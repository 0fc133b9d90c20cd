import { type CampaignListResponse, nimbusApi } from "@nimbus/protocol";
import { type ApiFetch, answeredWithin } from "../lib/load-context.js";

/** A campaign page's window as the server is configured (`REWARD_CAMPAIGNS`), found by its page id. */
export interface CampaignWindowView {
  id: string;
  startsAt: number;
  endsAt: number;
}

/**
 * The configured window of the campaign a page shows (`christmas` → `christmas_2026`),
 * or undefined when the operator configured none for it; null when the server did
 * not answer (the page then keeps its own dates).
 */
export async function campaignWindowOf(
  apiFetch: ApiFetch | undefined,
  pageId: string,
  now: number,
): Promise<CampaignWindowView | undefined | null> {
  if (!apiFetch) return null;
  try {
    const answer = await answeredWithin(2_000, apiFetch(`${nimbusApi.rewards.campaigns.path}?scope=all`));
    if (!answer.ok) return null;
    const { campaigns } = (await answer.json()) as CampaignListResponse;
    const prefix = `${pageId.replace(/-/g, "_")}_`;
    const windows = campaigns
      .filter((c) => c.id.startsWith(prefix))
      .map((c) => ({ id: c.id, startsAt: Date.parse(c.start_time), endsAt: Date.parse(c.end_time) }))
      .sort((a, b) => a.endsAt - b.endsAt);
    // The first that has not ended yet, else the last one (ended).
    return windows.find((w) => now < w.endsAt) ?? windows.at(-1);
  } catch {
    return null;
  }
}
