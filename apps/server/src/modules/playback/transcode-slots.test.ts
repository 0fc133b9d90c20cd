import { describe, expect, it } from "vitest";
import { type SlotHolder, toStop, transcodesOf } from "./transcode-slots.js";

const LIMITS = { maxTranscodes: 4, maxTranscodesPerUser: 1 };

function stream(key: string, owner: string, over: Partial<SlotHolder> = {}): SlotHolder {
  const [gcid = "", profileId = ""] = key.split("/");
  return {
    key,
    gcid,
    profileId,
    transcode: true,
    running: true,
    owner,
    viewers: new Set([owner]),
    lastRequest: 0,
    ...over,
  };
}

const keys = (holders: SlotHolder[]) => holders.map((h) => h.key);

describe("transcode slots", () => {
  it("counts running video transcodes only, all or one viewer's", () => {
    const holders = [
      stream("A/t720a1", "alice"),
      stream("B/t720a1", "bob"),
      stream("C/r1080a1", "alice", { transcode: false }),
      stream("D/t480a1", "alice", { running: false }),
    ];
    expect(transcodesOf(holders)).toBe(2);
    expect(transcodesOf(holders, "alice")).toBe(1);
  });

  it("replaces the viewer's other profile of the same video, on a plan or a segment", () => {
    const holders = [stream("A/t720a1", "alice"), stream("B/t720a1", "alice")];
    expect(keys(toStop(holders, "alice", "A", "t480a1", LIMITS, false))).toEqual(["A/t720a1"]);
    // A plan also makes room for it: film B goes too, her limit being 1.
    expect(keys(toStop(holders, "alice", "A", "t480a1", LIMITS, true))).toEqual(["A/t720a1", "B/t720a1"]);
  });

  it("on a new plan stops the viewer's previous film, only as far as their limit needs", () => {
    const holders = [
      stream("A/t720a1", "alice", { lastRequest: 5 }),
      stream("B/t720a1", "alice", { lastRequest: 1 }),
    ];
    expect(keys(toStop(holders, "alice", "C", "t720a1", LIMITS, true))).toEqual(["B/t720a1", "A/t720a1"]);
    const two = { ...LIMITS, maxTranscodesPerUser: 2 };
    expect(keys(toStop(holders, "alice", "C", "t720a1", two, true))).toEqual(["B/t720a1"]);
    expect(
      keys(toStop(holders, "alice", "C", "t720a1", { ...LIMITS, maxTranscodesPerUser: 3 }, true)),
    ).toEqual([]);
  });

  it("leaves another film alone on a segment request (a tab left open does not take the slot back)", () => {
    expect(toStop([stream("A/t720a1", "alice")], "alice", "C", "t720a1", LIMITS, false)).toEqual([]);
  });

  it("never stops a stream someone else watches, nor another viewer's, nor the one asked for", () => {
    const shared = stream("A/t720a1", "alice", { viewers: new Set(["alice", "bob"]) });
    const bobs = stream("B/t720a1", "bob");
    const same = stream("C/t720a1", "alice");
    expect(toStop([shared, bobs, same], "alice", "C", "t720a1", LIMITS, true)).toEqual([]);
  });

  it("does not stop a finished stream of another film: it holds no slot", () => {
    const done = stream("A/t720a1", "alice", { running: false });
    expect(toStop([done], "alice", "C", "t720a1", LIMITS, true)).toEqual([]);
  });
});
