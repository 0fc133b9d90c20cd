import type { PlaybackCapabilities } from "@nimbus/protocol";
import { type Dispatch, type RefObject, useEffect, useRef } from "react";
import { errorText } from "../../api/client.js";
import { useT } from "../../i18n/i18n.js";
import { browserProbe, detectCapabilities } from "./capabilities.js";
import type { PlayerProps } from "./player.js";
import { type PlayerAction, type PlayerState, planOutcome } from "./player-state.js";

/**
 * Asks the plan for what this browser decodes, again when a choice changes (the time kept by
 * the caller) or after "Try again"; a newer ask aborts the older. Returns the capabilities.
 */
export function usePlan(
  state: PlayerState,
  dispatch: Dispatch<PlayerAction>,
  props: RefObject<PlayerProps>,
): RefObject<PlaybackCapabilities | undefined> {
  const t = useT();
  const capabilities = useRef<PlaybackCapabilities>(undefined);
  const { source, kind } = props.current;
  // biome-ignore lint/correctness/useExhaustiveDependencies: t follows the locale; a new source is a new file (keyed)
  useEffect(() => {
    const probe = browserProbe();
    capabilities.current ??= probe ? detectCapabilities(probe) : undefined;
    const caps = capabilities.current;
    if (!caps) return;
    const controller = new AbortController();
    dispatch({ type: "asked" });
    source.plan(state.choice, caps, controller.signal).then(
      (answer) => {
        const { onUnplayable, fallbackUrl } = props.current;
        const outcome = planOutcome(answer, { unplayable: !!onUnplayable, fallbackUrl, kind });
        if (outcome.kind === "unplayable") onUnplayable?.();
        else if (outcome.kind === "ready") dispatch({ type: "planned", plan: outcome.plan });
        else dispatch({ type: "failed", message: errorText(outcome.failure, t), retry: outcome.retry });
      },
      () => {}, // aborted: a newer choice asked
    );
    return () => controller.abort();
  }, [source, state.choice, state.attempt]);
  return capabilities;
}
