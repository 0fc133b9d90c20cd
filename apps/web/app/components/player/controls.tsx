import type { PlaybackPlan } from "@nimbus/protocol";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useLocale, useT } from "../../i18n/i18n.js";
import { Icon } from "../icon.js";
import { audioTrackLabel, renditionLabel, SPEEDS, speedLabel, subtitleLabel } from "./labels.js";
import * as icons from "./player-icons.js";
import { formatTime } from "./time.js";

export interface MediaState {
  paused: boolean;
  current: number;
  duration: number;
  buffered: number;
  volume: number;
  muted: boolean;
  rate: number;
  fullscreen: boolean;
  pip: boolean;
  waiting: boolean;
}

export interface QueueStep {
  name: string;
  play(): void;
}

export interface ControlActions {
  togglePlay(): void;
  seek(seconds: number): void;
  setVolume(volume: number): void;
  toggleMute(): void;
  toggleSubtitles(): void;
  toggleFullscreen(): void;
  togglePip(): void;
  setRate(rate: number): void;
  chooseRendition(id: string): void;
  chooseAudio(index: number): void;
  chooseSubtitle(id: string): void;
}

function ControlButton({
  label,
  icon,
  onClick,
  shortcut,
  pressed,
  className,
  children,
  expanded,
}: {
  label: string;
  icon: string;
  onClick(): void;
  shortcut?: string;
  pressed?: boolean;
  className?: string;
  children?: ReactNode;
  expanded?: boolean;
}) {
  return (
    <button
      type="button"
      className={`player-button${className ? ` ${className}` : ""}`}
      aria-label={label}
      title={label}
      aria-keyshortcuts={shortcut}
      aria-pressed={pressed}
      aria-expanded={expanded}
      onClick={onClick}
    >
      <Icon d={icon} size={22} />
      {children}
    </button>
  );
}

/** The settings panel: quality, subtitles, audio track and speed as labelled native selects (phone pickers, screen readers). */
export function SettingsPanel({
  plan,
  subtitle,
  rate,
  actions,
  onClose,
}: {
  plan: PlaybackPlan;
  subtitle: string;
  rate: number;
  actions: ControlActions;
  onClose(): void;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector("select")?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (
        panel.current &&
        !panel.current.contains(target) &&
        !(target as Element).closest?.(".player-settings-button")
      )
        onClose();
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [onClose]);
  const field = (name: string, label: string, control: ReactNode) => (
    <div className="player-setting">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {control}
    </div>
  );
  return (
    <div
      ref={panel}
      className="player-settings"
      role="dialog"
      aria-label={t("player.settings")}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }
      }}
    >
      {plan.renditions.length > 1 &&
        field(
          "quality",
          t("player.quality"),
          <select
            id={`${id}-quality`}
            value={plan.rendition}
            onChange={(e) => actions.chooseRendition(e.target.value)}
          >
            {plan.renditions.map((rendition) => (
              <option key={rendition.id} value={rendition.id} disabled={rendition.locked}>
                {renditionLabel(rendition, t)}
              </option>
            ))}
          </select>,
        )}
      {plan.subtitles.length > 0 &&
        field(
          "subtitles",
          t("player.subtitles"),
          <select
            id={`${id}-subtitles`}
            value={subtitle}
            onChange={(e) => actions.chooseSubtitle(e.target.value)}
          >
            <option value="">{t("player.subtitles.off")}</option>
            {plan.subtitles.map((entry, index) => (
              <option key={entry.id} value={entry.id}>
                {subtitleLabel(entry, index, locale, t)}
              </option>
            ))}
          </select>,
        )}
      {plan.audio_tracks.length > 1 &&
        field(
          "audio",
          t("player.audio"),
          <select
            id={`${id}-audio`}
            value={String(plan.audio_track)}
            onChange={(e) => actions.chooseAudio(Number(e.target.value))}
          >
            {plan.audio_tracks.map((track, index) => (
              <option key={track.index} value={String(track.index)}>
                {audioTrackLabel(track, index, locale, t)}
              </option>
            ))}
          </select>,
        )}
      {field(
        "speed",
        t("player.speed"),
        <select
          id={`${id}-speed`}
          value={String(rate)}
          onChange={(e) => actions.setRate(Number(e.target.value))}
        >
          {SPEEDS.map((speed) => (
            <option key={speed} value={String(speed)}>
              {speedLabel(speed, locale, t)}
            </option>
          ))}
        </select>,
      )}
    </div>
  );
}

/** The bar under the picture (or under an audio file's cover): timeline, then the buttons. */
export function ControlBar({
  plan,
  state,
  kind,
  subtitle,
  actions,
  next,
  previous,
  settingsOpen,
  onSettings,
  pipAvailable,
}: {
  plan: PlaybackPlan;
  state: MediaState;
  kind: "video" | "audio";
  subtitle: string;
  actions: ControlActions;
  next?: QueueStep | undefined;
  previous?: QueueStep | undefined;
  settingsOpen: boolean;
  onSettings(): void;
  pipAvailable: boolean;
}) {
  const t = useT();
  const duration = state.duration;
  const current = Math.min(state.current, duration || state.current);
  const textSubtitles = plan.subtitles.some((entry) => !entry.burn_in);
  const bufferedPercent = duration > 0 ? Math.min(100, (state.buffered / duration) * 100) : 0;
  const playedPercent = duration > 0 ? (current / duration) * 100 : 0;
  return (
    <div className="player-controls">
      <input
        type="range"
        className="player-timeline"
        min={0}
        max={duration || 0}
        step={0.1}
        value={current}
        aria-label={t("player.seek")}
        aria-valuetext={t("player.time", { current: formatTime(current), total: formatTime(duration) })}
        style={
          { "--played": `${playedPercent}%`, "--buffered": `${bufferedPercent}%` } as React.CSSProperties
        }
        onChange={(event) => actions.seek(Number(event.target.value))}
      />
      <div className="player-row">
        {previous && (
          <ControlButton
            label={t("player.previous", { name: previous.name })}
            icon={icons.previous}
            onClick={previous.play}
          />
        )}
        <ControlButton
          label={state.paused ? t("player.play") : t("player.pause")}
          icon={state.paused ? icons.play : icons.pause}
          shortcut="k Space"
          className="player-play"
          onClick={actions.togglePlay}
        />
        {next && (
          <ControlButton
            label={t("player.next", { name: next.name })}
            icon={icons.next}
            onClick={next.play}
          />
        )}
        <ControlButton
          label={state.muted || state.volume === 0 ? t("player.unmute") : t("player.mute")}
          icon={state.muted || state.volume === 0 ? icons.muted : icons.volume}
          shortcut="m"
          onClick={actions.toggleMute}
        />
        <input
          type="range"
          className="player-volume"
          min={0}
          max={1}
          step={0.05}
          value={state.muted ? 0 : state.volume}
          aria-label={t("player.volume")}
          aria-valuetext={`${Math.round((state.muted ? 0 : state.volume) * 100)}%`}
          onChange={(event) => actions.setVolume(Number(event.target.value))}
        />
        <span className="player-time" aria-hidden="true">
          {formatTime(current)} / {formatTime(duration)}
        </span>
        <span className="player-spacer" />
        {kind === "video" && textSubtitles && (
          <ControlButton
            label={t("player.subtitles.toggle")}
            icon={icons.subtitles}
            shortcut="c"
            pressed={subtitle !== ""}
            onClick={actions.toggleSubtitles}
          />
        )}
        <ControlButton
          label={t("player.settings")}
          icon={icons.settings}
          className="player-settings-button"
          expanded={settingsOpen}
          onClick={onSettings}
        />
        {kind === "video" && pipAvailable && (
          <ControlButton
            label={t("player.pip")}
            icon={icons.pip}
            className="player-pip"
            pressed={state.pip}
            onClick={actions.togglePip}
          />
        )}
        {kind === "video" && (
          <ControlButton
            label={state.fullscreen ? t("player.exitFullscreen") : t("player.fullscreen")}
            icon={state.fullscreen ? icons.exitFullscreen : icons.fullscreen}
            shortcut="f"
            onClick={actions.toggleFullscreen}
          />
        )}
      </div>
    </div>
  );
}
