import type { PlaybackAudioTrack, PlaybackRendition, PlaybackSubtitle } from "@nimbus/protocol";
import type { Translate } from "../../i18n/i18n.js";

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

const languageNames = new Map<string, Intl.DisplayNames | null>();

/** "eng" or "en" in the page's language ("English", "英語"); '' for untagged or unknown codes. */
export function languageName(code: string, locale: string): string {
  if (!code || code === "und") return "";
  let names = languageNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale], { type: "language", fallback: "none" });
    } catch {
      names = null;
    }
    languageNames.set(locale, names);
  }
  try {
    return names?.of(code) ?? "";
  } catch {
    return ""; // not a language tag
  }
}

const LAYOUTS: Record<number, string> = { 1: "1.0", 2: "2.0", 6: "5.1", 8: "7.1" };

/** "English · 5.1", a title the file gives it, or "Track 2". */
export function audioTrackLabel(
  track: PlaybackAudioTrack,
  position: number,
  locale: string,
  t: Translate,
): string {
  const name =
    track.title || languageName(track.language, locale) || t("player.audio.track", { number: position + 1 });
  const layout = LAYOUTS[track.channels];
  return layout ? `${name} · ${layout}` : name;
}

/** "English", "English (burned in)", or the file's own title. */
export function subtitleLabel(
  subtitle: PlaybackSubtitle,
  position: number,
  locale: string,
  t: Translate,
): string {
  const name =
    subtitle.title ||
    languageName(subtitle.language, locale) ||
    t("player.subtitles.track", { number: position + 1 });
  return subtitle.burn_in ? t("player.subtitles.burnIn", { name }) : name;
}

/** "Original", "720P", "1080P · Premium". */
export function renditionLabel(rendition: PlaybackRendition, t: Translate): string {
  const name = rendition.id === "origin" ? t("player.quality.original") : rendition.resolution_name;
  return rendition.locked ? t("player.quality.premium", { name }) : name;
}

/** "Normal" for 1×, else "1.5×" (numbers in the page's locale). */
export function speedLabel(speed: number, locale: string, t: Translate): string {
  return speed === 1 ? t("player.speed.normal") : `${new Intl.NumberFormat(locale).format(speed)}×`;
}

/** The BCP 47 tag a `<track srclang>` takes ("eng" → "en" where a two-letter code exists). */
export function trackLanguage(code: string): string {
  if (!code || code === "und") return "";
  try {
    return Intl.getCanonicalLocales(code)[0] ?? "";
  } catch {
    return "";
  }
}
