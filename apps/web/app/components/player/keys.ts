/** What a key press does in the player (YouTube's keys, which people already know). */
export type KeyAction =
  | { kind: "toggle-play" }
  | { kind: "seek-by"; seconds: number }
  | { kind: "seek-to-percent"; percent: number }
  | { kind: "volume-by"; step: number }
  | { kind: "toggle-mute" }
  | { kind: "toggle-fullscreen" }
  | { kind: "toggle-subtitles" };

export const SEEK_STEP = 5;
export const LONG_SEEK_STEP = 10;
export const VOLUME_STEP = 0.1;

export interface KeyInput {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** The focused element is a button or link (space and enter press it) or a slider (arrows move it). */
  target?: "button" | "slider" | "other";
}

/** The action of a key, or undefined when the player leaves it alone. */
export function keyAction(input: KeyInput): KeyAction | undefined {
  if (input.ctrlKey || input.metaKey || input.altKey) return undefined;
  const { key, target = "other" } = input;
  if ((key === " " || key === "Enter") && target === "button") return undefined;
  if (key.startsWith("Arrow") && target === "slider") return undefined;
  switch (key) {
    case " ":
    case "k":
    case "K":
      return { kind: "toggle-play" };
    case "ArrowLeft":
      return { kind: "seek-by", seconds: -SEEK_STEP };
    case "ArrowRight":
      return { kind: "seek-by", seconds: SEEK_STEP };
    case "j":
    case "J":
      return { kind: "seek-by", seconds: -LONG_SEEK_STEP };
    case "l":
    case "L":
      return { kind: "seek-by", seconds: LONG_SEEK_STEP };
    case "ArrowUp":
      return { kind: "volume-by", step: VOLUME_STEP };
    case "ArrowDown":
      return { kind: "volume-by", step: -VOLUME_STEP };
    case "m":
    case "M":
      return { kind: "toggle-mute" };
    case "f":
    case "F":
      return { kind: "toggle-fullscreen" };
    case "c":
    case "C":
      return { kind: "toggle-subtitles" };
    case "Home":
      return { kind: "seek-to-percent", percent: 0 };
    default:
      if (/^[0-9]$/.test(key)) return { kind: "seek-to-percent", percent: Number(key) * 10 };
      return undefined;
  }
}
