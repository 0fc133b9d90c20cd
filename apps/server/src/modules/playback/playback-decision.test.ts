import type { PlaybackCapabilities } from "@nimbus/protocol";
import { describe, expect, it } from "vitest";
import type { MediaStream } from "../previews/media-probe.js";
import { containerName, type DecisionInput, decide } from "./playback-decision.js";

const CHROMIUM: PlaybackCapabilities = {
  containers: ["mp4", "webm", "mp3", "flac", "ogg", "wav"],
  video_codecs: ["h264", "vp9", "av1"],
  audio_codecs: ["aac", "mp3", "opus", "flac", "vorbis"],
  hls: "mse",
};
const SAFARI: PlaybackCapabilities = {
  containers: ["mp4", "mov", "mp3"],
  video_codecs: ["h264", "hevc"],
  audio_codecs: ["aac", "mp3", "ac3", "eac3", "alac", "flac"],
  hls: "native",
};

const stream = (type: MediaStream["type"], codec: string, extra: Partial<MediaStream> = {}): MediaStream => ({
  index: type === "video" ? 0 : 1,
  type,
  codec,
  language: "",
  title: "",
  channels: type === "audio" ? 2 : 0,
  is_default: true,
  is_forced: false,
  width: type === "video" ? 1920 : 0,
  height: type === "video" ? 1080 : 0,
  ...extra,
});

const base = (over: Partial<DecisionInput>): DecisionInput => ({
  capabilities: CHROMIUM,
  container: "mp4",
  video: stream("video", "h264"),
  audio: stream("audio", "aac"),
  audioIsDefault: true,
  targetHeight: 0,
  burnSubtitle: false,
  ...over,
});

describe("the playback decision table (decision 0060)", () => {
  const cases: [string, Partial<DecisionInput>, string, string[]][] = [
    ["H.264 + AAC MP4 in Chromium", {}, "direct", []],
    ["H.264 + AAC Matroska: the container only", { container: "mkv" }, "remux", ["container"]],
    ["HEVC + AAC MP4 in Safari", { capabilities: SAFARI, video: stream("video", "hevc") }, "direct", []],
    [
      "HEVC + E-AC-3 Matroska in Safari: remux",
      {
        capabilities: SAFARI,
        container: "mkv",
        video: stream("video", "hevc"),
        audio: stream("audio", "eac3"),
      },
      "remux",
      ["container"],
    ],
    [
      "H.264 + E-AC-3 Matroska in Chromium",
      { container: "mkv", audio: stream("audio", "eac3") },
      "audio_transcode",
      ["container", "audio_codec"],
    ],
    ["H.264 + DTS MP4 in Chromium", { audio: stream("audio", "dts") }, "audio_transcode", ["audio_codec"]],
    [
      "H.264 + Vorbis Matroska: Vorbis plays but fMP4 cannot carry it",
      { container: "mkv", audio: stream("audio", "vorbis") },
      "audio_transcode",
      ["container"],
    ],
    [
      "HEVC + E-AC-3 Matroska in Chromium",
      { container: "mkv", video: stream("video", "hevc"), audio: stream("audio", "eac3") },
      "transcode",
      ["container", "video_codec", "audio_codec"],
    ],
    [
      "MPEG-4 Part 2 AVI",
      { container: "avi", video: stream("video", "mpeg4"), audio: stream("audio", "mp3") },
      "transcode",
      ["container", "video_codec"],
    ],
    [
      "10-bit H.264 (Hi10P) plays almost nowhere",
      { video: stream("video", "h264", { pix_fmt: "yuv420p10le" }) },
      "transcode",
      ["pixel_format"],
    ],
    ["a lower rendition forces a transcode", { targetHeight: 720 }, "transcode", ["rendition"]],
    ["the source's own height is no rendition change", { targetHeight: 1080 }, "direct", []],
    ["a burned-in subtitle forces a transcode", { burnSubtitle: true }, "transcode", ["burn_subtitle"]],
    [
      "a second audio track needs a remux (a <video> plays the first)",
      { audioIsDefault: false },
      "remux",
      ["audio_track"],
    ],
    [
      "FLAC in Chromium plays directly",
      { container: "flac", video: undefined, audio: stream("audio", "flac") },
      "direct",
      [],
    ],
    [
      "ALAC in an M4A for Chromium becomes AAC",
      { container: "mp4", video: undefined, audio: stream("audio", "alac") },
      "audio_transcode",
      ["audio_codec"],
    ],
    [
      "APE becomes AAC",
      { container: "ape", video: undefined, audio: stream("audio", "ape") },
      "audio_transcode",
      ["container", "audio_codec"],
    ],
    [
      "WMA becomes AAC",
      { container: "asf", video: undefined, audio: stream("audio", "wmav2") },
      "audio_transcode",
      ["container", "audio_codec"],
    ],
    [
      "DSD becomes AAC",
      { container: "dsf", video: undefined, audio: stream("audio", "dsd_lsbf") },
      "audio_transcode",
      ["container", "audio_codec"],
    ],
    [
      "MP3 in Matroska audio: remux",
      { container: "mkv", video: undefined, audio: stream("audio", "mp3") },
      "remux",
      ["container"],
    ],
    ["a silent H.264 MP4", { audio: undefined }, "direct", []],
  ];
  it.each(cases)("%s → %s", (_name, input, mode, reasons) => {
    const decision = decide(base(input));
    expect(decision.mode).toBe(mode);
    expect(decision.reasons).toEqual(reasons);
  });

  it("names containers as the player's capabilities do", () => {
    expect(containerName("matroska,webm", "mkv")).toBe("mkv");
    expect(containerName("matroska,webm", ".webm")).toBe("webm");
    expect(containerName("mov,mp4,m4a,3gp,3g2,mj2", "m4v")).toBe("mp4");
    expect(containerName("mov,mp4,m4a,3gp,3g2,mj2", "MOV")).toBe("mov");
    expect(containerName("mpegts", "ts")).toBe("ts");
    expect(containerName("flac", "flac")).toBe("flac");
  });
});
