import { describe, expect, it } from "vitest";
import { detectCapabilities, hlsMode, type MediaProbe } from "./capabilities.js";

/** A browser that plays exactly the listed types (MediaSource the `mse` ones, `canPlayType` the `plain` ones). */
function probe({
  plain = [],
  mse,
  apple = false,
}: {
  plain?: string[];
  mse?: string[];
  apple?: boolean;
}): MediaProbe {
  return {
    canPlayType: (type) => (plain.includes(type) ? "maybe" : ""),
    isTypeSupported: mse ? (type) => mse.includes(type) : undefined,
    apple,
  };
}

const BASELINE = 'video/mp4; codecs="avc1.42E01E,mp4a.40.2"';
const H264 = 'video/mp4; codecs="avc1.640028"';
const AAC = 'audio/mp4; codecs="mp4a.40.2"';
const HEVC = 'video/mp4; codecs="hvc1.1.6.L120.90"';
const EAC3 = 'audio/mp4; codecs="ec-3"';
const HLS = "application/vnd.apple.mpegurl";

describe("detectCapabilities", () => {
  it("maps Debian's Chromium: H.264/AAC through MediaSource, no HEVC, no E-AC-3", () => {
    const caps = detectCapabilities(
      probe({
        plain: ["video/mp4", "video/webm", "audio/mpeg", "audio/flac", H264, AAC],
        mse: [BASELINE, H264, AAC, 'video/webm; codecs="vp9"', 'audio/webm; codecs="opus"'],
      }),
    );
    expect(caps).toEqual({
      containers: ["mp4", "webm", "mp3", "flac"],
      video_codecs: ["h264", "vp9"],
      audio_codecs: ["aac", "opus"],
      hls: "mse",
    });
  });

  it("counts a codec only when MediaSource takes it, when HLS goes through hls.js", () => {
    // canPlayType would play HEVC as a plain file, but hls.js cannot feed it to MediaSource.
    const caps = detectCapabilities(probe({ plain: [HEVC, EAC3], mse: [BASELINE, H264, AAC] }));
    expect(caps.video_codecs).not.toContain("hevc");
    expect(caps.audio_codecs).not.toContain("eac3");
  });

  it("uses canPlayType on a native-HLS browser (Safari: HEVC and E-AC-3 decode)", () => {
    const caps = detectCapabilities(
      probe({
        plain: [HLS, "video/mp4", "video/quicktime", H264, HEVC, AAC, EAC3],
        mse: [BASELINE],
        apple: true,
      }),
    );
    expect(caps.hls).toBe("native");
    expect(caps.containers).toEqual(["mp4", "mov"]);
    expect(caps.video_codecs).toEqual(["h264", "hevc"]);
    expect(caps.audio_codecs).toEqual(["aac", "eac3"]);
  });

  it("reports nothing playable for a browser without media", () => {
    expect(detectCapabilities(probe({}))).toEqual({
      containers: [],
      video_codecs: [],
      audio_codecs: [],
      hls: "none",
    });
  });
});

describe("hlsMode", () => {
  it("prefers hls.js over Chromium's own HLS, and native HLS on Apple's browsers", () => {
    expect(hlsMode(probe({ plain: [HLS], mse: [BASELINE] }))).toBe("mse");
    expect(hlsMode(probe({ plain: [HLS], mse: [BASELINE], apple: true }))).toBe("native");
  });

  it("plays HLS natively where MediaSource is missing (iPhone before iOS 17.1)", () => {
    expect(hlsMode(probe({ plain: [HLS] }))).toBe("native");
    expect(hlsMode(probe({ plain: [], mse: [] }))).toBe("none");
  });
});
