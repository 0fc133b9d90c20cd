import type { PlaybackPlan } from "@nimbus/protocol";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useLocale, useT } from "../../i18n/i18n.js";
import type { ControlActions } from "./control-types.js";
import { audioTrackLabel, renditionLabel, SPEEDS, speedLabel, subtitleLabel } from "./labels.js";

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
