import type { PlaybackPlan } from "@nimbus/protocol";
import type { Ref } from "react";
import type { ControlActions } from "./control-types.js";
import { trackLanguage } from "./labels.js";

/**
 * The `<video>` or `<audio>` element with the plan's text subtitles as `<track>`s (WebVTT
 * links); a click plays or pauses a video, a double click makes it full screen. A direct
 * stream's load error is reported (hls.js reports its own failures).
 */
export function MediaElement({
  ref,
  kind,
  plan,
  poster,
  actions,
  onFailed,
}: {
  ref: Ref<HTMLVideoElement & HTMLAudioElement>;
  kind: "video" | "audio";
  plan: PlaybackPlan | undefined;
  poster: string | undefined;
  actions: Pick<ControlActions, "togglePlay" | "toggleFullscreen">;
  onFailed(): void;
}) {
  const MediaTag = kind === "video" ? "video" : "audio";
  return (
    <MediaTag
      ref={ref}
      className="player-media"
      poster={kind === "video" ? poster : undefined}
      playsInline
      preload="metadata"
      onClick={kind === "video" ? actions.togglePlay : undefined}
      onDoubleClick={kind === "video" ? actions.toggleFullscreen : undefined}
      onError={() => {
        if (plan?.mode === "direct") onFailed();
      }}
    >
      {plan?.subtitles
        .filter((entry) => !entry.burn_in && entry.url)
        .map((entry) => (
          <track
            key={entry.id}
            id={entry.id}
            kind="subtitles"
            src={entry.url}
            srcLang={trackLanguage(entry.language) || undefined}
            label={entry.title || entry.language || entry.id}
          />
        ))}
    </MediaTag>
  );
}
