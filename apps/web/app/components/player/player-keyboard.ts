import type { KeyboardEvent } from "react";
import type { ControlActions } from "./control-types.js";
import { type KeyInput, keyAction } from "./keys.js";

function focusTarget(element: EventTarget | null): KeyInput["target"] | "field" {
  if (!(element instanceof HTMLElement)) return "other";
  if (element instanceof HTMLSelectElement) return "field";
  if (element instanceof HTMLInputElement) return element.type === "range" ? "slider" : "field";
  if (element.matches("button, a[href]")) return "button";
  return "other";
}

/**
 * The player's keys (`keys.ts`, YouTube's) where it has focus: a focused button keeps space and
 * Enter, a slider its arrows, a select or text field everything. Returns whether it acted.
 */
export function onPlayerKey(
  event: KeyboardEvent,
  media: HTMLMediaElement | null,
  actions: ControlActions,
  options: { duration: number; video: boolean },
): boolean {
  const target = focusTarget(event.target);
  if (target === "field") return false;
  const action = keyAction({
    key: event.key,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    altKey: event.altKey,
    target,
  });
  if (!action || !media) return false;
  event.preventDefault();
  event.stopPropagation();
  switch (action.kind) {
    case "toggle-play":
      actions.togglePlay();
      break;
    case "seek-by":
      actions.seek(media.currentTime + action.seconds);
      break;
    case "seek-to-percent":
      actions.seek(((options.duration || 0) * action.percent) / 100);
      break;
    case "volume-by":
      media.muted = false;
      actions.setVolume(media.volume + action.step);
      break;
    case "toggle-mute":
      actions.toggleMute();
      break;
    case "toggle-fullscreen":
      if (options.video) actions.toggleFullscreen();
      break;
    case "toggle-subtitles":
      actions.toggleSubtitles();
      break;
  }
  return true;
}
