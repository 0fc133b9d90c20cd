import { describe, expect, it } from "vitest";
import type { CampaignRule } from "../../config/rewards-config.js";
import { blackFriday, currentOrNext, occurrencesAround } from "./campaign-calendar.js";

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe("campaign calendar", () => {
  it("finds Black Friday as the Friday after the fourth Thursday of November", () => {
    expect(blackFriday(2026)).toBe(day("2026-11-27"));
    expect(blackFriday(2027)).toBe(day("2027-11-26"));
    // November starting on a Thursday (2029) and on a Friday (2030).
    expect(blackFriday(2029)).toBe(day("2029-11-23"));
    expect(blackFriday(2030)).toBe(day("2030-11-29"));
  });

  it("runs Black Friday through the following Monday, every year", () => {
    const rule: CampaignRule = { id: "black_friday", kind: "black-friday" };
    const now = Date.parse("2027-11-26T12:00:00Z");
    const live = currentOrNext(occurrencesAround(rule, now), now);
    expect(live).toEqual({
      id: "black_friday_2027",
      key: "black_friday",
      startsAt: day("2027-11-26"),
      endsAt: day("2027-11-30"),
    });
    const after = day("2027-11-30");
    expect(currentOrNext(occurrencesAround(rule, after), after)?.id).toBe("black_friday_2028");
  });

  it("carries a yearly window across New Year, and finds last year's while it holds", () => {
    const rule: CampaignRule = {
      id: "christmas",
      kind: "yearly",
      start: { month: 12, day: 18 },
      end: { month: 1, day: 8 },
    };
    const january = Date.parse("2031-01-05T08:00:00Z");
    expect(currentOrNext(occurrencesAround(rule, january), january)).toEqual({
      id: "christmas_2030",
      key: "christmas",
      startsAt: day("2030-12-18"),
      endsAt: day("2031-01-08"),
    });
    const march = day("2031-03-01");
    expect(currentOrNext(occurrencesAround(rule, march), march)?.id).toBe("christmas_2031");
  });

  it("keeps a dated window as it is, ended or not", () => {
    const rule: CampaignRule = { id: "spring_2031", kind: "dated", startsAt: 10, endsAt: 20 };
    expect(currentOrNext(occurrencesAround(rule, 5), 5)?.id).toBe("spring_2031");
    expect(currentOrNext(occurrencesAround(rule, 25), 25)).toMatchObject({ startsAt: 10, endsAt: 20 });
  });
});
