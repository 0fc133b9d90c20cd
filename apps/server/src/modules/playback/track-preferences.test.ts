import type { PlaybackSubtitle } from "@nimbus/protocol";
import { describe, expect, it } from "vitest";
import type { MediaStream } from "../previews/media-probe.js";
import { pickAudioTrack, pickSubtitle } from "./track-preferences.js";

const stream = (
  index: number,
  type: MediaStream["type"],
  language: string,
  isDefault = false,
): MediaStream => ({
  index,
  type,
  codec: type === "audio" ? "aac" : "subrip",
  language,
  title: "",
  channels: type === "audio" ? 2 : 0,
  is_default: isDefault,
  is_forced: false,
  width: 0,
  height: 0,
});

const subtitle = (id: string, language: string, extra: Partial<PlaybackSubtitle> = {}): PlaybackSubtitle => ({
  id,
  source: "embedded",
  language,
  title: "",
  format: "subrip",
  burn_in: false,
  url: `https://x/${id}`,
  is_default: false,
  is_forced: false,
  ...extra,
});

describe("track choices", () => {
  const streams = [stream(0, "video", ""), stream(1, "audio", "eng", true), stream(2, "audio", "jpn")];
  const none = { audioLanguage: null, subtitleLanguage: null };

  it("picks this file's saved audio, else the remembered language, else the default", () => {
    expect(pickAudioTrack(streams, none)).toBe(1);
    expect(pickAudioTrack(streams, { ...none, audioLanguage: "jpn" })).toBe(2);
    expect(pickAudioTrack(streams, { ...none, audioLanguage: "fre" })).toBe(1);
    expect(
      pickAudioTrack(streams, { ...none, audioLanguage: "jpn" }, { audioTrack: 1, subtitle: null }),
    ).toBe(1);
    expect(pickAudioTrack(streams, none, { audioTrack: 7, subtitle: null })).toBe(1);
    expect(pickAudioTrack([stream(0, "video", "")], none)).toBe(-1);
  });

  it("picks this file's saved subtitle, else one in the remembered language, never a burn-in one", () => {
    const subs = [
      subtitle("s3", "eng", { is_forced: true }),
      subtitle("s4", "eng"),
      subtitle("s5", "fre", { burn_in: true, url: "" }),
      subtitle("fabc", "fre", { source: "sidecar" }),
    ];
    expect(pickSubtitle(subs, none)).toBe("");
    expect(pickSubtitle(subs, { ...none, subtitleLanguage: "" })).toBe("");
    expect(pickSubtitle(subs, { ...none, subtitleLanguage: "eng" })).toBe("s4");
    expect(pickSubtitle(subs, { ...none, subtitleLanguage: "fre" })).toBe("fabc");
    expect(pickSubtitle(subs, { ...none, subtitleLanguage: "ger" })).toBe("");
    expect(
      pickSubtitle(subs, { ...none, subtitleLanguage: "eng" }, { audioTrack: null, subtitle: "s3" }),
    ).toBe("s3");
    expect(pickSubtitle(subs, { ...none, subtitleLanguage: "eng" }, { audioTrack: null, subtitle: "" })).toBe(
      "",
    );
    // A saved choice that is gone (its file deleted): the language rule again.
    expect(
      pickSubtitle(subs, { ...none, subtitleLanguage: "eng" }, { audioTrack: null, subtitle: "fgone" }),
    ).toBe("s4");
  });
});
