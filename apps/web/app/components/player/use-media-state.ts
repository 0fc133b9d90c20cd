import type { PlaybackPlan } from "@nimbus/protocol";
import { type RefObject, useEffect, useRef, useState } from "react";
import type { MediaState } from "./control-types.js";

export const INITIAL_MEDIA: MediaState = {
  paused: true,
  current: 0,
  duration: 0,
  buffered: 0,
  volume: 1,
  muted: false,
  rate: 1,
  fullscreen: false,
  pip: false,
  waiting: false,
};

const EVENTS = [
  "play",
  "pause",
  "timeupdate",
  "durationchange",
  "progress",
  "volumechange",
  "ratechange",
  "enterpictureinpicture",
  "leavepictureinpicture",
  "seeked",
];

/** The end of the buffered range the playhead is in (the timeline's lighter part). */
export function endOfBuffer(media: HTMLMediaElement): number {
  const ranges = media.buffered;
  for (let i = 0; i < ranges.length; i++) {
    if (ranges.start(i) <= media.currentTime + 0.5 && media.currentTime <= ranges.end(i))
      return ranges.end(i);
  }
  return media.currentTime;
}

/**
 * The element's state for the controls, from its events (and full screen from the document's),
 * with the plan's duration until the element knows its own. `lastKnown` keeps the last time and
 * duration the element had a stream for: on close the stream is detached (time 0) before the
 * position is saved, and while a new plan attaches the element has no time of its own.
 */
export function useMediaState(
  media: RefObject<HTMLMediaElement | null>,
  root: RefObject<HTMLElement | null>,
  plan: PlaybackPlan | undefined,
) {
  const [state, setState] = useState<MediaState>(INITIAL_MEDIA);
  const lastKnown = useRef({ time: 0, duration: 0 });

  useEffect(() => {
    const element = media.current;
    if (!element) return;
    const update = () => {
      if (element.readyState > 0) {
        const duration = Number.isFinite(element.duration) ? element.duration : 0;
        lastKnown.current = { time: element.currentTime, duration };
      }
      setState((previous) => ({
        ...previous,
        paused: element.paused,
        current: element.currentTime,
        duration:
          Number.isFinite(element.duration) && element.duration > 0 ? element.duration : previous.duration,
        buffered: endOfBuffer(element),
        volume: element.volume,
        muted: element.muted,
        rate: element.playbackRate,
        pip: typeof document !== "undefined" && document.pictureInPictureElement === element,
      }));
    };
    const waiting = (value: boolean) => () => setState((previous) => ({ ...previous, waiting: value }));
    const onWaiting = waiting(true);
    const onPlaying = waiting(false);
    for (const event of EVENTS) element.addEventListener(event, update);
    element.addEventListener("waiting", onWaiting);
    element.addEventListener("playing", onPlaying);
    element.addEventListener("canplay", onPlaying);
    const fullscreen = () =>
      setState((previous) => ({ ...previous, fullscreen: document.fullscreenElement === root.current }));
    document.addEventListener("fullscreenchange", fullscreen);
    return () => {
      for (const event of EVENTS) element.removeEventListener(event, update);
      element.removeEventListener("waiting", onWaiting);
      element.removeEventListener("playing", onPlaying);
      element.removeEventListener("canplay", onPlaying);
      document.removeEventListener("fullscreenchange", fullscreen);
    };
  }, [media, root]);

  // The plan's duration until the element knows its own.
  useEffect(() => {
    if (plan?.duration_ms)
      setState((previous) =>
        previous.duration ? previous : { ...previous, duration: plan.duration_ms / 1000 },
      );
  }, [plan]);

  return { state, lastKnown };
}
