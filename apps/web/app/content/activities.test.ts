import { describe, expect, it } from "vitest";
import { ACTIVITIES, activityEnded, activityId } from "./activities.js";

describe("activities", () => {
  it("finds the activity of a path", () => {
    expect(activityId("/ja/activity/black-friday")).toBe("black-friday");
    expect(activityId("/activity/christmas/")).toBe("christmas");
    expect(activityId("/activity/easter")).toBeUndefined();
  });
  it("activity-end: an activity ends at its end date", () => {
    const end = Date.parse(ACTIVITIES.christmas.endsAt);
    expect(activityEnded("christmas", end - 1)).toBe(false);
    expect(activityEnded("christmas", end)).toBe(true);
  });
  it("every end date parses", () => {
    for (const activity of Object.values(ACTIVITIES))
      expect(Number.isNaN(Date.parse(activity.endsAt))).toBe(false);
  });
});
