import type { PlaybackPlan } from "@nimbus/protocol";
import type { Dispatch, RefObject } from "react";
import type { ControlActions } from "./control-types.js";
import { type PlayerAction, type PlayerState, subtitleChoice } from "./player-state.js";
import type { PlanChoice } from "./sources.js";

export interface ActionRefs {
  root: RefObject<HTMLElement | null>;
  media: RefObject<HTMLVideoElement | null>;
  startAt: RefObject<number | undefined>;
  lastKnown: RefObject<{ time: number; duration: number }>;
}

/**
 * What the controls and keys do: the element's own controls (play, seek, volume, rate, full
 * screen, picture in picture), and the choices that ask the plan again from the same time
 * (quality, audio track, a burned-in subtitle) or switch a `<track>` (a text subtitle).
 */
export function playerActions(
  refs: ActionRefs,
  state: PlayerState,
  plan: PlaybackPlan | undefined,
  dispatch: Dispatch<PlayerAction>,
): ControlActions {
  const element = () => refs.media.current;
  /** Asks the plan again for another choice, going on from the same time. */
  const reask = (choice: PlanChoice) => {
    const e = element();
    refs.startAt.current = e && e.readyState > 0 ? e.currentTime : refs.lastKnown.current.time;
    dispatch({ type: "choose", choice });
  };
  return {
    togglePlay() {
      const e = element();
      if (!e) return;
      if (e.paused || e.ended) e.play().catch(() => {});
      else e.pause();
    },
    seek(seconds) {
      const e = element();
      if (!e) return;
      const end = Number.isFinite(e.duration) ? e.duration : Number.POSITIVE_INFINITY;
      e.currentTime = Math.max(0, Math.min(seconds, end));
    },
    setVolume(volume) {
      const e = element();
      if (!e) return;
      e.volume = Math.max(0, Math.min(1, volume));
      e.muted = e.volume === 0;
    },
    toggleMute() {
      const e = element();
      if (!e) return;
      if (e.muted && e.volume === 0) e.volume = 0.5;
      e.muted = !e.muted;
    },
    toggleSubtitles() {
      dispatch({ type: "toggle-subtitles" });
    },
    toggleFullscreen() {
      const box = refs.root.current;
      if (!box) return;
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
      else if (box.requestFullscreen) void box.requestFullscreen().catch(() => {});
      else (element() as unknown as { webkitEnterFullscreen?: () => void })?.webkitEnterFullscreen?.();
    },
    togglePip() {
      const e = element();
      if (!e) return;
      if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => {});
      else void e.requestPictureInPicture?.().catch(() => {});
    },
    setRate(rate) {
      const e = element();
      if (e) e.playbackRate = rate;
    },
    chooseRendition(id) {
      reask({ rendition: id });
    },
    chooseAudio(index) {
      reask({ audio_track: index });
    },
    chooseSubtitle(id) {
      const { reask: again, show } = subtitleChoice(plan, state.choice, id);
      if (again) reask(again);
      if (show !== undefined) dispatch({ type: "subtitle", id: show });
    },
  };
}
