import { describe, expect, it } from "vitest";
import { campaignWindowOf } from "./campaign-windows.server.js";

const answering = (campaigns: unknown[]) => async (path: string) => {
  expect(path).toBe("/vip/v1/campaigns?scope=all");
  return new Response(JSON.stringify({ campaigns }), { headers: { "content-type": "application/json" } });
};
const window = (id: string, start: string, end: string) => ({
  id,
  start_time: start,
  end_time: end,
  offers: [],
});
const NOW = Date.parse("2026-12-20T00:00:00Z");

describe("a campaign page's window", () => {
  it("is the configured window of its campaign, the coming one before an ended one", async () => {
    const fetch = answering([
      window("christmas_2025", "2025-12-18T00:00:00Z", "2026-01-07T00:00:00Z"),
      window("christmas_2026", "2026-12-18T00:00:00Z", "2027-01-07T00:00:00Z"),
      window("black_friday_2026", "2026-11-20T00:00:00Z", "2026-12-01T00:00:00Z"),
    ]);
    expect((await campaignWindowOf(fetch, "christmas", NOW))?.id).toBe("christmas_2026");
    expect((await campaignWindowOf(fetch, "black-friday", NOW))?.id).toBe("black_friday_2026");
  });

  it("matches a dated campaign named as the page is, not another campaign sharing its first word", async () => {
    const fetch = answering([
      window("black_friday", "2026-11-20T00:00:00Z", "2026-12-01T00:00:00Z"),
      window("black_fridays_club", "2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z"),
    ]);
    expect((await campaignWindowOf(fetch, "black-friday", NOW))?.id).toBe("black_friday");
  });

  it("is undefined when the operator configured none, null when the server does not answer", async () => {
    expect(await campaignWindowOf(answering([]), "christmas", NOW)).toBeUndefined();
    expect(
      await campaignWindowOf(async () => new Response("", { status: 500 }), "christmas", NOW),
    ).toBeNull();
    expect(await campaignWindowOf(undefined, "christmas", NOW)).toBeNull();
  });
});
