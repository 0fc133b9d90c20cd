import type { PlaybackPlan, PlaybackSubtitle } from "@nimbus/protocol";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  fallbackPlan,
  INITIAL_PLAYER,
  type PlayerState,
  planOutcome,
  playerReducer,
  subtitleChoice,
} from "./player-state.js";

const text = (id: string): PlaybackSubtitle => ({
  id,
  language: "eng",
  title: "",
  format: "subrip",
  source: "embedded",
  is_default: false,
  burn_in: false,
  url: `https://nimbus.test/drive/v1/subtitles/${id}.vtt?x=1`,
});
const image = (id: string): PlaybackSubtitle => ({
  ...text(id),
  format: "hdmv_pgs_subtitle",
  burn_in: true,
  url: "",
});

function plan(over: Partial<PlaybackPlan> = {}): PlaybackPlan {
  return {
    ...fallbackPlan("https://nimbus.test/drive/v1/hls/f/t720a1/tok/master.m3u8", "video"),
    file_id: "f",
    ...over,
  };
}

const ready = (p: PlaybackPlan, over: Partial<PlayerState> = {}): PlayerState => ({
  ...INITIAL_PLAYER,
  status: { kind: "ready", plan: p },
  ...over,
});

describe("playerReducer", () => {
  it("keeps the playing stream on screen while a choice is asked, shows loading otherwise", () => {
    const playing = ready(plan());
    expect(playerReducer(playing, { type: "asked" })).toBe(playing);
    const failed = playerReducer(INITIAL_PLAYER, { type: "failed", message: "busy", retry: true });
    expect(playerReducer(failed, { type: "asked" }).status).toEqual({ kind: "loading" });
  });

  it("merges choices and counts retries (each asks the plan again)", () => {
    let s = playerReducer(INITIAL_PLAYER, { type: "choose", choice: { rendition: "480p" } });
    s = playerReducer(s, { type: "choose", choice: { audio_track: 2 } });
    expect(s.choice).toEqual({ rendition: "480p", audio_track: 2 });
    expect(playerReducer(s, { type: "retry" }).attempt).toBe(1);
  });

  it("starts with the plan's remembered subtitle, and keeps a text one across a new plan that has it", () => {
    const p = plan({ subtitles: [text("s2"), text("s3")], subtitle: "s3" });
    const first = playerReducer(ready(p), { type: "attached", plan: p, first: true });
    expect(first.subtitle).toBe("s3");
    const again = playerReducer(first, { type: "attached", plan: p, first: false });
    expect(again.subtitle).toBe("s3");
    const without = plan({ subtitles: [text("s2")] });
    expect(playerReducer(first, { type: "attached", plan: without, first: false }).subtitle).toBe("");
  });

  it("shows the burned-in subtitle chosen once its plan is attached", () => {
    const p = plan({ subtitles: [text("s2"), image("s4")] });
    const s = playerReducer(ready(p, { choice: { burn_subtitle: "s4" }, subtitle: "s2" }), {
      type: "attached",
      plan: p,
      first: false,
    });
    expect(s.subtitle).toBe("s4");
  });

  it("c turns subtitles off, then back to the last text one (else the first)", () => {
    const p = plan({ subtitles: [image("s1"), text("s2"), text("s3")] });
    let s = playerReducer(ready(p), { type: "toggle-subtitles" });
    expect(s.subtitle).toBe("s2");
    s = playerReducer(s, { type: "subtitle", id: "s3" });
    s = playerReducer(s, { type: "toggle-subtitles" });
    expect(s.subtitle).toBe("");
    expect(playerReducer(s, { type: "toggle-subtitles" }).subtitle).toBe("s3");
    expect(playerReducer(ready(plan()), { type: "toggle-subtitles" }).subtitle).toBe("");
  });
});

describe("subtitleChoice", () => {
  const p = plan({ subtitles: [text("s2"), image("s4")] });
  it("asks a new plan for a burned-in subtitle, shows a text one at once", () => {
    expect(subtitleChoice(p, {}, "s4")).toEqual({ reask: { burn_subtitle: "s4" } });
    expect(subtitleChoice(p, {}, "s2")).toEqual({ show: "s2" });
    expect(subtitleChoice(p, {}, "")).toEqual({ show: "" });
  });
  it("leaving a burned-in subtitle asks for a plan without it", () => {
    expect(subtitleChoice(p, { burn_subtitle: "s4" }, "s2")).toEqual({
      reask: { burn_subtitle: undefined },
      show: "s2",
    });
  });
});

describe("planOutcome", () => {
  const options = { unplayable: false, fallbackUrl: undefined, kind: "video" as const };
  const failure = (error: string, status: number) => ({
    ok: false as const,
    error: { error, status },
  });

  afterEach(() => vi.unstubAllGlobals());

  it("puts the plan's links on this page's origin", () => {
    vi.stubGlobal("location", { href: "http://127.0.0.1:5173/drive" });
    const outcome = planOutcome({ ok: true, data: plan({ subtitles: [text("s2")] }) }, options);
    expect(outcome.kind).toBe("ready");
    if (outcome.kind !== "ready") return;
    expect(outcome.plan.url).toBe("/drive/v1/hls/f/t720a1/tok/master.m3u8");
    expect(outcome.plan.subtitles[0]?.url).toBe("/drive/v1/subtitles/s2.vtt?x=1");
  });

  it("offers Try again for a busy server, a full per-user limit or no network, not otherwise", () => {
    expect(planOutcome(failure("playback_user_limit", 429), options)).toMatchObject({ retry: true });
    expect(planOutcome(failure("playback_server_busy", 503), options)).toMatchObject({ retry: true });
    expect(planOutcome(failure("network", 0), options)).toMatchObject({ retry: true });
    expect(planOutcome(failure("file_not_found", 404), options)).toMatchObject({
      kind: "failed",
      retry: false,
    });
  });

  it("hands an unplayable file to the host, and plays the original bytes without a playback route", () => {
    expect(planOutcome(failure("file_not_playable", 400), { ...options, unplayable: true })).toEqual({
      kind: "unplayable",
    });
    const old = planOutcome(failure("route_not_found", 404), { ...options, fallbackUrl: "/bytes" });
    expect(old).toMatchObject({ kind: "ready", plan: { file_id: "", mode: "direct", url: "/bytes" } });
  });
});
