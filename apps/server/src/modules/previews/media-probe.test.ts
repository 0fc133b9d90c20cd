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
