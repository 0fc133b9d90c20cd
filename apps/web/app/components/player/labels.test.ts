import { describe, expect, it } from "vitest";
import {
  audioTrackLabel,
  languageName,
  renditionLabel,
  speedLabel,
  subtitleLabel,
  trackLanguage,
} from "./labels.js";

const texts: Record<string, string> = {
  "player.audio.track": "Track {number}",
  "player.subtitles.track": "Subtitles {number}",
  "player.subtitles.burnIn": "{name} (drawn into the picture)",
  "player.quality.original": "Original quality",
  "player.quality.premium": "{name} · Premium only",
  "player.speed.normal": "Normal speed",
};
const t = (key: string, params: Record<string, string | number> = {}) =>
  (texts[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

const track = { index: 2, language: "jpn", title: "", codec: "eac3", channels: 6, is_default: false };
const subtitle = {
  id: "s3",
  source: "embedded" as const,
  language: "eng",
  title: "",
  format: "subrip",
  burn_in: false,
  url: "/drive/v1/subtitles/f/s3",
  is_default: false,
};

describe("labels", () => {
  it("names tracks by language in the page's language, with the channel layout", () => {
    expect(audioTrackLabel(track, 1, "en-US", t)).toBe("Japanese · 5.1");
    expect(audioTrackLabel(track, 1, "ja", t)).toBe("日本語 · 5.1");
    expect(audioTrackLabel({ ...track, language: "", channels: 3 }, 1, "en-US", t)).toBe("Track 2");
    expect(audioTrackLabel({ ...track, title: "Director's commentary" }, 1, "en-US", t)).toBe(
      "Director's commentary · 5.1",
    );
  });

  it("marks image subtitles as drawn into the picture", () => {
    expect(subtitleLabel(subtitle, 0, "en-US", t)).toBe("English");
    expect(subtitleLabel({ ...subtitle, burn_in: true, format: "hdmv_pgs_subtitle" }, 0, "en-US", t)).toBe(
      "English (drawn into the picture)",
    );
    expect(subtitleLabel({ ...subtitle, language: "und" }, 4, "en-US", t)).toBe("Subtitles 5");
  });

  it("says which renditions need Premium", () => {
    expect(renditionLabel({ id: "origin", resolution_name: "1080P", height: 1080, locked: false }, t)).toBe(
      "Original quality",
    );
    expect(renditionLabel({ id: "1080p", resolution_name: "1080P", height: 1080, locked: true }, t)).toBe(
      "1080P · Premium only",
    );
  });

  it("writes speeds in the page's numbers", () => {
    expect(speedLabel(1, "en-US", t)).toBe("Normal speed");
    expect(speedLabel(1.5, "en-US", t)).toBe("1.5×");
    expect(speedLabel(1.5, "ru", t)).toBe("1,5×");
  });

  it("turns ISO 639-2 tags into what <track srclang> takes", () => {
    expect(trackLanguage("eng")).toBe("en");
    expect(trackLanguage("und")).toBe("");
    expect(trackLanguage("not a tag")).toBe("");
    expect(languageName("zzz-invalid-", "en-US")).toBe("");
  });
});
