import type { PlaybackPlan } from "@nimbus/protocol";
import { type RefObject, useEffect, useRef } from "react";
import type { PlayerProps } from "./player.js";

const SAVE_EVERY_MS = 10_000;

/**
 * Where the user is, kept every 10 s while playing, on pause, at the end and on leaving (close,
 * `pagehide`: sent to survive the page), with the audio track and subtitle (decision 0061). The
 * time is the last one the element had its stream for (`lastKnown`). Nothing is saved before
 * playback started, nor by a source without `save` (a share's visitor). At the end, an
 * `autoAdvance` queue goes on to `next`.
 */
export function usePositionSaving(
  media: RefObject<HTMLMediaElement | null>,
  plan: PlaybackPlan | undefined,
  subtitle: string,
  paused: boolean,
  lastKnown: RefObject<{ time: number; duration: number }>,
  props: RefObject<PlayerProps>,
): void {
  const started = useRef(false);
  const save = (leaving: boolean) => {
    const keep = props.current.source.save;
    const { time, duration } = lastKnown.current;
    if (!plan || !keep || !started.current) return;
    keep(
      {
        position_ms: Math.round(time * 1000),
        duration_ms: Math.max(0, Math.round(duration > 0 ? duration * 1000 : plan.duration_ms)),
        audio_track: plan.audio_track,
        subtitle,
      },
      leaving,
    );
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  useEffect(() => {
    const element = media.current;
    if (!element) return;
    const onPlay = () => {
      started.current = true;
    };
    const onPause = () => {
      if (!element.ended) saveRef.current(false);
    };
    const onEnded = () => {
      saveRef.current(false);
      const { next, autoAdvance } = props.current;
      if (autoAdvance && next) next.play();
    };
    const onLeave = () => saveRef.current(true);
    element.addEventListener("playing", onPlay);
    element.addEventListener("pause", onPause);
    element.addEventListener("ended", onEnded);
    window.addEventListener("pagehide", onLeave);
    return () => {
      element.removeEventListener("playing", onPlay);
      element.removeEventListener("pause", onPause);
      element.removeEventListener("ended", onEnded);
      window.removeEventListener("pagehide", onLeave);
      saveRef.current(true);
    };
  }, [media, props]);

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => saveRef.current(false), SAVE_EVERY_MS);
    return () => clearInterval(timer);
  }, [paused]);
}
