import type { PlaybackPlan } from "@nimbus/protocol";
import type { ApiFailure, ApiResult } from "../../api/client.js";
import type { PlanChoice } from "./sources.js";

export type Status =
  | { kind: "loading" }
  | { kind: "ready"; plan: PlaybackPlan }
  | { kind: "failed"; message: string; retry: boolean };

/** What the player knows of its plan and the choices made on it (decision 0061). */
export interface PlayerState {
  status: Status;
  /** What the plan is asked for: rendition, audio track, burned-in subtitle. */
  choice: PlanChoice;
  /** Counts "Try again": each asks the plan anew. */
  attempt: number;
  /** The text subtitle showing ('' off), or the burned-in one. */
  subtitle: string;
  /** The last subtitle shown, for the `c` key turning them back on. */
  lastSubtitle: string;
}

export type PlayerAction =
  | { type: "asked" }
  | { type: "planned"; plan: PlaybackPlan }
  | { type: "failed"; message: string; retry: boolean }
  | { type: "retry" }
  | { type: "choose"; choice: PlanChoice }
  | { type: "attached"; plan: PlaybackPlan; first: boolean }
  | { type: "subtitle"; id: string }
  | { type: "toggle-subtitles" };

export const INITIAL_PLAYER: PlayerState = {
  status: { kind: "loading" },
  choice: {},
  attempt: 0,
  subtitle: "",
  lastSubtitle: "",
};

function withSubtitle(state: PlayerState, subtitle: string): PlayerState {
  if (subtitle === state.subtitle) return state;
  return { ...state, subtitle, lastSubtitle: subtitle || state.lastSubtitle };
}

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case "asked":
      // Asked again for a choice: the current stream stays on screen until the new plan comes.
      return state.status.kind === "ready" ? state : { ...state, status: { kind: "loading" } };
    case "planned":
      return { ...state, status: { kind: "ready", plan: action.plan } };
    case "failed":
      return { ...state, status: { kind: "failed", message: action.message, retry: action.retry } };
    case "retry":
      return { ...state, attempt: state.attempt + 1 };
    case "choose":
      return { ...state, choice: { ...state.choice, ...action.choice } };
    case "attached":
      return withSubtitle(state, subtitleOnAttach(state, action.plan, action.first));
    case "subtitle":
      return withSubtitle(state, action.id);
    case "toggle-subtitles":
      return withSubtitle(state, toggledSubtitle(state));
  }
}

/**
 * The subtitle once a plan is attached: the first plan's remembered one; after a new choice, a
 * burned-in choice, else the text one showing if the new plan has it, else none.
 */
function subtitleOnAttach(state: PlayerState, plan: PlaybackPlan, first: boolean): string {
  if (first) return plan.subtitle;
  const burned = state.choice.burn_subtitle;
  if (burned) return burned;
  return plan.subtitles.some((entry) => entry.id === state.subtitle && !entry.burn_in) ? state.subtitle : "";
}

/** `c`: off when on; else the last text subtitle shown, or the first text one. */
function toggledSubtitle(state: PlayerState): string {
  if (state.subtitle) return "";
  const plan = state.status.kind === "ready" ? state.status.plan : undefined;
  const textOnes = (plan?.subtitles ?? []).filter((entry) => !entry.burn_in);
  const last = textOnes.find((entry) => entry.id === state.lastSubtitle);
  return (last ?? textOnes[0])?.id ?? "";
}

/**
 * Choosing a subtitle: a burned-in one asks for a new plan; a text one shows at once, and
 * leaving a burned-in one asks for a plan without it.
 */
export function subtitleChoice(
  plan: PlaybackPlan | undefined,
  choice: PlanChoice,
  id: string,
): { reask?: PlanChoice; show?: string } {
  const entry = plan?.subtitles.find((item) => item.id === id);
  if (entry?.burn_in) return { reask: { burn_subtitle: id } };
  return choice.burn_subtitle ? { reask: { burn_subtitle: undefined }, show: id } : { show: id };
}

export type PlanOutcome =
  | { kind: "ready"; plan: PlaybackPlan }
  | { kind: "unplayable" }
  | { kind: "failed"; failure: ApiFailure; retry: boolean };

/**
 * What a plan answer means: a plan (on this page's origin); the host's "cannot play" when it has
 * one; the original bytes when the server has no plans; else a failure, worth retrying when the
 * server was busy or unreachable.
 */
export function planOutcome(
  answer: ApiResult<PlaybackPlan>,
  options: { unplayable: boolean; fallbackUrl: string | undefined; kind: "video" | "audio" },
): PlanOutcome {
  if (answer.ok) return { kind: "ready", plan: localPlan(answer.data) };
  if (answer.error.error === "file_not_playable" && options.unplayable) return { kind: "unplayable" };
  if (answer.error.error === "route_not_found" && options.fallbackUrl) {
    return { kind: "ready", plan: fallbackPlan(options.fallbackUrl, options.kind) };
  }
  const status = answer.error.status;
  return { kind: "failed", failure: answer.error, retry: status === 429 || status === 503 || status === 0 };
}

/** A plan for the original bytes: what plays when the server has no playback endpoint. */
export function fallbackPlan(url: string, kind: "video" | "audio"): PlaybackPlan {
  return {
    file_id: "",
    mode: "direct",
    reasons: [],
    url,
    kind,
    duration_ms: 0,
    renditions: [],
    rendition: "origin",
    audio_tracks: [],
    audio_track: -1,
    subtitles: [],
    subtitle: "",
    position: null,
  };
}

/**
 * A signed link as a path on this page's origin, as every viewer of the drive uses them: the
 * server signs with its configured public address, which may name another host than the one
 * the page came from (localhost against 127.0.0.1), and hls.js fetches with CORS.
 */
export function onThisOrigin(url: string): string {
  if (!url || typeof location === "undefined") return url;
  const parsed = new URL(url, location.href);
  return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.pathname + parsed.search : url;
}

function localPlan(plan: PlaybackPlan): PlaybackPlan {
  return {
    ...plan,
    url: onThisOrigin(plan.url),
    subtitles: plan.subtitles.map((entry) => ({ ...entry, url: onThisOrigin(entry.url) })),
  };
}
