import type { PlaybackCapabilities, PlaybackPlan } from "@nimbus/protocol";
import { type Dispatch, type RefObject, useEffect } from "react";
import { useT } from "../../i18n/i18n.js";
import { attachStream, type Engine } from "./engine.js";
import type { PlayerProps } from "./player.js";
import type { PlayerAction } from "./player-state.js";
import { resumeAt } from "./time.js";

export interface StreamRefs {
  media: RefObject<HTMLVideoElement | null>;
  capabilities: RefObject<PlaybackCapabilities | undefined>;
  /** Where the next attachment starts: undefined before the first plan (then its saved position). */
  startAt: RefObject<number | undefined>;
  props: RefObject<PlayerProps>;
}

/**
 * Each new plan's stream into the element (`attachStream`: the bytes, native HLS or hls.js),
 * at the saved position the first time, else where it was; the previous one torn down. A
 * stream the browser cannot play, or hls.js's fatal error, is reported.
 */
export function useStream(
  plan: PlaybackPlan | undefined,
  rate: number,
  refs: StreamRefs,
  dispatch: Dispatch<PlayerAction>,
  onResumed: (seconds: number) => void,
): void {
  const t = useT();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one attachment per plan
  useEffect(() => {
    const element = refs.media.current;
    if (!plan || !element) return;
    const hls = refs.capabilities.current?.hls ?? "none";
    if (plan.mode !== "direct" && hls === "none") {
      const unplayable = refs.props.current.onUnplayable;
      if (unplayable) unplayable();
      else dispatch({ type: "failed", message: t("player.failed"), retry: false });
      return;
    }
    const first = refs.startAt.current === undefined;
    if (first) {
      // The first plan: the saved position and the remembered subtitle.
      const at = resumeAt(plan.position?.position_ms, plan.duration_ms);
      refs.startAt.current = at;
      if (at > 0) onResumed(at);
    }
    dispatch({ type: "attached", plan, first });
    let engine: Engine | undefined;
    let live = true;
    void attachStream(element, plan, hls, refs.startAt.current ?? 0, ({ description }) => {
      if (!live) return;
      dispatch({ type: "failed", message: description ?? t("player.failed.stream"), retry: true });
    }).then((attached) => {
      if (!live) return attached.destroy();
      engine = attached;
      element.playbackRate = rate;
      element.play().catch(() => {}); // autoplay refused: the play button waits
    });
    return () => {
      live = false;
      engine?.destroy();
    };
  }, [plan]);
}

/** Subtitles: the chosen `<track>` showing, the others off (the tracks are the plan's). */
export function useSubtitleTracks(
  media: RefObject<HTMLMediaElement | null>,
  subtitle: string,
  plan: PlaybackPlan | undefined,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new plan renders new tracks
  useEffect(() => {
    const element = media.current;
    if (!element) return;
    const tracks = element.textTracks;
    for (let i = 0; i < tracks.length; i++) {
      const track = tracks[i];
      if (track) track.mode = track.id === subtitle ? "showing" : "disabled";
    }
  }, [subtitle, plan]);
}
