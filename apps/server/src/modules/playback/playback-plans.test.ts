import { describe, expect, it } from "vitest";
import type { MediaStream } from "../previews/media-probe.js";
import { pickAudio, renditionsOf } from "./playback-plans.js";

const audio = (index: number, language: string, is_default = false): MediaStream => ({
  index,
  type: "audio",
  codec: "aac",
  language,
  title: "",
  channels: 2,
  is_default,
  is_forced: false,
  width: 0,
  height: 0,
});

describe("renditions and audio choice", () => {
  it("offers the ladder below the source, locking free users above the configured height", () => {
    const free = renditionsOf(2160, false, { freeMaxHeight: 720 });
    expect(free.map((r) => [r.id, r.resolution_name, r.locked])).toEqual([
      ["origin", "4K", false],
      ["1440p", "1440P", true],
      ["1080p", "1080P", true],
      ["720p", "720P", false],
      ["480p", "480P", false],
      ["360p", "360P", false],
    ]);
    expect(renditionsOf(2160, true, { freeMaxHeight: 720 }).some((r) => r.locked)).toBe(false);
    expect(renditionsOf(720, false, { freeMaxHeight: 480 }).map((r) => [r.id, r.locked])).toEqual([
      ["origin", false],
      ["480p", false],
      ["360p", false],
    ]);
    expect(renditionsOf(0, false, { freeMaxHeight: 720 }).map((r) => r.resolution_name)).toEqual([
      "Original",
    ]);
  });

  it("plays the asked track, else the remembered language, else the default, else the first", () => {
    const tracks = [audio(1, "jpn"), audio(2, "eng", true), audio(3, "fre")];
    expect(pickAudio(tracks, 3, null)?.index).toBe(3);
    expect(pickAudio(tracks, undefined, { audio_language: "fre", subtitle: "" })?.index).toBe(3);
    expect(pickAudio(tracks, undefined, { audio_language: "ger", subtitle: "" })?.index).toBe(2);
    expect(pickAudio([audio(1, "jpn"), audio(2, "eng")], undefined, null)?.index).toBe(1);
    expect(() => pickAudio(tracks, 9, null)).toThrow(expect.objectContaining({ error: "invalid_argument" }));
    expect(pickAudio([], undefined, null)).toBeUndefined();
  });
});
