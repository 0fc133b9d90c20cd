import { type ReactNode, useEffect, useReducer, useRef, useState } from "react";
import { useT } from "../../i18n/i18n.js";
import { ControlBar } from "./control-bar.js";
import type { QueueStep } from "./control-types.js";
import { MediaElement } from "./media-element.js";
import { onPlayerKey } from "./player-keyboard.js";
import { ConvertedChip, FailureNote, LoadingNote, ResumedNote } from "./player-overlays.js";
import { INITIAL_PLAYER, playerReducer } from "./player-state.js";
import { SettingsPanel } from "./settings-panel.js";
import type { PlaybackSource } from "./sources.js";
import { useIdle, useResumeNote } from "./use-idle.js";
import { useMediaState } from "./use-media-state.js";
import { usePlan } from "./use-plan.js";
import { playerActions } from "./use-player-actions.js";
import { usePositionSaving } from "./use-position-saving.js";
import { useStream, useSubtitleTracks } from "./use-stream.js";
import "./player.css";

export { onThisOrigin } from "./player-state.js";
export type { QueueStep };

export interface PlayerProps {
  /** The file's name, for labels. */
  name: string;
  kind: "video" | "audio";
  source: PlaybackSource;
  /** The picture shown before the video starts, and an audio file's cover. */
  poster?: string | undefined;
  /** The download offered when the file cannot play here. */
  download?: ReactNode;
  /** The original bytes, played as they are when this server has no playback plans. */
  fallbackUrl?: string | undefined;
  /** What to say before playing the original bytes that way (audio the browser cannot play). */
  fallbackNotice?: string | undefined;
  next?: QueueStep | undefined;
  previous?: QueueStep | undefined;
  /** Goes on to `next` at the end (an audio folder plays as a queue). */
  autoAdvance?: boolean;
  /** The media cannot be played at all (instead of the player's own message). */
  onUnplayable?: () => void;
}

/**
 * The Nimbus player (decision 0061): asks the plan for this browser, plays it directly or
 * through HLS, and draws its own accessible controls — quality, subtitles, audio track,
 * speed, picture in picture, full screen, the keyboard — resuming where the user stopped and
 * saving the position while it plays. Its state is `playerReducer`; the effects are hooks.
 */
export function Player(props: PlayerProps) {
  const { kind, name } = props;
  const t = useT();
  const root = useRef<HTMLElement>(null);
  const media = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const startAt = useRef<number | undefined>(undefined);
  const [player, dispatch] = useReducer(playerReducer, INITIAL_PLAYER);
  const { status, subtitle } = player;
  const plan = status.kind === "ready" ? status.plan : undefined;
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [resumed, setResumed] = useResumeNote();

  const capabilities = usePlan(player, dispatch, propsRef);
  const { state, lastKnown } = useMediaState(media, root, plan);
  useStream(plan, state.rate, { media, capabilities, startAt, props: propsRef }, dispatch, setResumed);
  useSubtitleTracks(media, subtitle, plan);
  usePositionSaving(media, plan, subtitle, state.paused, lastKnown, propsRef);
  const { idle, wake } = useIdle(!state.paused && !settingsOpen && kind === "video");
  const actions = playerActions({ root, media, startAt, lastKnown }, player, plan, dispatch);

  useEffect(() => {
    root.current?.focus({ preventScroll: true });
  }, []);

  const ready = status.kind === "ready" ? status.plan : undefined;
  const pipAvailable = typeof document !== "undefined" && document.pictureInPictureEnabled === true;
  return (
    <section
      ref={root}
      className={`player player-${kind}${idle ? " player-idle" : ""}`}
      aria-label={t("player.label", { name })}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the player takes its keyboard shortcuts where it has focus
      tabIndex={0}
      onKeyDown={(event) => {
        const video = kind === "video";
        if (plan && onPlayerKey(event, media.current, actions, { duration: state.duration, video })) wake();
      }}
      onPointerMove={wake}
      onPointerDown={wake}
      data-mode={plan?.mode}
    >
      {kind === "audio" && props.poster && <img className="player-cover" src={props.poster} alt="" />}
      <MediaElement
        ref={media}
        kind={kind}
        plan={plan}
        poster={props.poster}
        actions={actions}
        onFailed={() => {
          if (props.onUnplayable) props.onUnplayable();
          else dispatch({ type: "failed", message: t("player.failed"), retry: false });
        }}
      />
      {(status.kind === "loading" || state.waiting) && <LoadingNote planning={status.kind === "loading"} />}
      {status.kind === "failed" && (
        <FailureNote status={status} onRetry={() => dispatch({ type: "retry" })} download={props.download} />
      )}
      {plan?.file_id === "" && props.fallbackNotice && (
        <p className="player-notice" role="note">
          {props.fallbackNotice}
        </p>
      )}
      {kind === "audio" && !props.poster && (
        <p className="player-title">
          <bdi>{name}</bdi>
        </p>
      )}
      {plan && plan.mode !== "direct" && <ConvertedChip />}
      {resumed > 0 && (
        <ResumedNote
          at={resumed}
          onStartOver={() => {
            actions.seek(0);
            setResumed(0);
          }}
        />
      )}
      {ready && settingsOpen && (
        <SettingsPanel
          plan={ready}
          subtitle={subtitle}
          rate={state.rate}
          actions={actions}
          onClose={() => setSettingsOpen(false)}
        />
      )}
      {ready && (
        <ControlBar
          plan={ready}
          state={state}
          kind={kind}
          subtitle={subtitle}
          actions={actions}
          next={props.next}
          previous={props.previous}
          settingsOpen={settingsOpen}
          onSettings={() => setSettingsOpen((open) => !open)}
          pipAvailable={pipAvailable}
        />
      )}
    </section>
  );
}
