import type { CSSProperties } from "react";
import { useT } from "../../i18n/i18n.js";
import { formatTime } from "./time.js";

/** The timeline: a native range ("1:02 of 24:10" to screen readers), played and buffered parts drawn by CSS. */
export function SeekBar({
  current,
  duration,
  buffered,
  onSeek,
}: {
  current: number;
  duration: number;
  buffered: number;
  onSeek(seconds: number): void;
}) {
  const t = useT();
  const bufferedPercent = duration > 0 ? Math.min(100, (buffered / duration) * 100) : 0;
  const playedPercent = duration > 0 ? (current / duration) * 100 : 0;
  return (
    <input
      type="range"
      className="player-timeline"
      min={0}
      max={duration || 0}
      step={0.1}
      value={current}
      aria-label={t("player.seek")}
      aria-valuetext={t("player.time", { current: formatTime(current), total: formatTime(duration) })}
      style={{ "--played": `${playedPercent}%`, "--buffered": `${bufferedPercent}%` } as CSSProperties}
      onChange={(event) => onSeek(Number(event.target.value))}
    />
  );
}
