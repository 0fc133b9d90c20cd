import { useT } from "../../i18n/i18n.js";
import { ControlButton } from "./control-button.js";
import type { ControlActions } from "./control-types.js";
import * as icons from "./player-icons.js";

/** Mute (`m`) and the volume slider, its value read out as a percentage. */
export function VolumeControl({
  volume,
  muted,
  actions,
}: {
  volume: number;
  muted: boolean;
  actions: Pick<ControlActions, "toggleMute" | "setVolume">;
}) {
  const t = useT();
  const silent = muted || volume === 0;
  const level = muted ? 0 : volume;
  return (
    <>
      <ControlButton
        label={silent ? t("player.unmute") : t("player.mute")}
        icon={silent ? icons.muted : icons.volume}
        shortcut="m"
        onClick={actions.toggleMute}
      />
      <input
        type="range"
        className="player-volume"
        min={0}
        max={1}
        step={0.05}
        value={level}
        aria-label={t("player.volume")}
        aria-valuetext={`${Math.round(level * 100)}%`}
        onChange={(event) => actions.setVolume(Number(event.target.value))}
      />
    </>
  );
}
