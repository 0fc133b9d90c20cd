import { describe, expect, it } from "vitest";
import { isUnsupportedAudio, parseProbe } from "./media-probe.js";
import { resolutionName } from "./preview-presenter.js";

describe("media probe", () => {
  it("reads video and audio streams, ignoring cover art", () => {
    const json = JSON.stringify({
      streams: [
        {
          codec_type: "video",
          codec_name: "mjpeg",
          width: 600,
          height: 600,
          disposition: { attached_pic: 1 },
        },
        { codec_type: "video", codec_name: "hevc", width: 3840, height: 2160, avg_frame_rate: "24000/1001" },
        { codec_type: "audio", codec_name: "eac3" },
      ],
      format: { duration: "61.5", bit_rate: "8000000" },
    });
    expect(parseProbe(json)).toEqual({
      durationMs: 61_500,
      width: 3840,
      height: 2160,
      videoCodec: "hevc",
      audioCodec: "eac3",
      bitRate: 8_000_000,
      frameRate: "24000/1001",
      container: "",
      streams: [
        {
          index: 1,
          type: "video",
          codec: "hevc",
          language: "",
          title: "",
          channels: 0,
          is_default: false,
          is_forced: false,
          width: 3840,
          height: 2160,
          pix_fmt: "",
          frame_rate: "24000/1001",
        },
        {
          index: 2,
          type: "audio",
          codec: "eac3",
          language: "",
          title: "",
          channels: 0,
          is_default: false,
          is_forced: false,
          width: 0,
          height: 0,
        },
      ],
    });
    const coverOnly = JSON.stringify({
      streams: [
        { codec_type: "video", codec_name: "png", disposition: { attached_pic: 1 } },
        { codec_type: "audio", codec_name: "flac" },
      ],
      format: {},
    });
    expect(parseProbe(coverOnly)).toMatchObject({
      videoCodec: "",
      audioCodec: "flac",
      width: 0,
      durationMs: 0,
    });
    expect(parseProbe(JSON.stringify({ streams: [{ codec_type: "data" }] }))).toBeUndefined();
  });

  it("lists every stream with its language, title and dispositions", () => {
    const json = JSON.stringify({
      streams: [
        {
          index: 0,
          codec_type: "video",
          codec_name: "h264",
          width: 1920,
          height: 1080,
          pix_fmt: "yuv420p10le",
        },
        {
          index: 1,
          codec_type: "audio",
          codec_name: "eac3",
          channels: 6,
          disposition: { default: 1 },
          tags: { language: "eng", title: "Surround" },
        },
        { index: 2, codec_type: "audio", codec_name: "aac", channels: 2, tags: { LANGUAGE: "und" } },
        {
          index: 3,
          codec_type: "subtitle",
          codec_name: "subrip",
          disposition: { forced: 1 },
          tags: { language: "fre" },
        },
        { index: 4, codec_type: "attachment", codec_name: "ttf" },
      ],
      format: { duration: "10", format_name: "matroska,webm" },
    });
    const info = parseProbe(json);
    expect(info?.container).toBe("matroska,webm");
    expect(
      info?.streams.map((s) => [s.index, s.type, s.codec, s.language, s.is_default, s.is_forced]),
    ).toEqual([
      [0, "video", "h264", "", false, false],
      [1, "audio", "eac3", "eng", true, false],
      [2, "audio", "aac", "", false, false],
      [3, "subtitle", "subrip", "fre", false, true],
    ]);
    expect(info?.streams[0]).toMatchObject({ width: 1920, height: 1080, pix_fmt: "yuv420p10le" });
    expect(info?.streams[1]).toMatchObject({ channels: 6, title: "Surround", width: 0 });
  });

  it("flags eac3 only, and names resolutions by height", () => {
    expect(isUnsupportedAudio("eac3")).toBe(true);
    expect(isUnsupportedAudio("ac3")).toBe(false);
    expect([2160, 1440, 1080, 720, 480, 360, 0].map(resolutionName)).toEqual([
      "4K",
      "2K",
      "1080P",
      "720P",
      "480P",
      "360P",
      "Original",
    ]);
  });
});
