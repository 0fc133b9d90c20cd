import type { PlaybackPlan } from "@nimbus/protocol";
import { useT } from "../../i18n/i18n.js";
import { ControlButton } from "./control-button.js";
import type { ControlActions, MediaState, QueueStep } from "./control-types.js";
import * as icons from "./player-icons.js";
import { SeekBar } from "./seek-bar.js";
import { formatTime } from "./time.js";
import { VolumeControl } from "./volume-control.js";

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
  return (
    <div className="player-controls">
      <SeekBar current={current} duration={duration} buffered={state.buffered} onSeek={actions.seek} />
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
        <VolumeControl volume={state.volume} muted={state.muted} actions={actions} />
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
