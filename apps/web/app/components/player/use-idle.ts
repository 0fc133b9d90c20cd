import { useEffect, useState } from "react";

const IDLE_MS = 3_000;
const RESUME_NOTE_MS = 8_000;

/**
 * The controls fade while the picture plays and nothing moves: `idle` after 3 s of `active`,
 * `wake()` on a pointer or key starting the wait again.
 */
export function useIdle(active: boolean): { idle: boolean; wake(): void } {
  const [idle, setIdle] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: idle restarts the timer
  useEffect(() => {
    if (!active) {
      setIdle(false);
      return;
    }
    const timer = setTimeout(() => setIdle(true), IDLE_MS);
    return () => clearTimeout(timer);
  }, [active, idle]);
  return {
    idle,
    wake() {
      if (idle) setIdle(false);
    },
  };
}

/** "Resumed from 12:34": the time resumed at (0: no note), gone after 8 s. */
export function useResumeNote(): [number, (seconds: number) => void] {
  const [resumed, setResumed] = useState(0);
  useEffect(() => {
    if (!resumed) return;
    const timer = setTimeout(() => setResumed(0), RESUME_NOTE_MS);
    return () => clearTimeout(timer);
  }, [resumed]);
  return [resumed, setResumed];
}
