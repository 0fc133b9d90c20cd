/** A media time as players write it: "0:07", "12:34", "1:02:03" (digits are the same in every locale we ship). */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** Where to start: the saved position, unless it is within the first or last few seconds. */
export function resumeAt(positionMs: number | undefined, durationMs: number): number {
  if (!positionMs || positionMs < 5_000) return 0;
  if (durationMs > 0 && positionMs > durationMs - 10_000) return 0;
  return positionMs / 1000;
}

/** The share of a file watched, 0–100, for the Recent list's bar. */
export function watchedPercent(position: { position_ms: number; duration_ms: number } | undefined): number {
  if (!position || position.duration_ms <= 0 || position.position_ms <= 0) return 0;
  return Math.min(100, Math.max(0, (position.position_ms / position.duration_ms) * 100));
}
