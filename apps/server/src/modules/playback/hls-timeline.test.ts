import { describe, expect, it } from "vitest";
import { parseKeyframes } from "./ffmpeg-args.js";
import {
  equalTimeline,
  frameRate,
  keyframeTimeline,
  masterPlaylist,
  variantPlaylist,
} from "./hls-timeline.js";
import { parseProfile, profileId } from "./playback-profile.js";

describe("HLS timelines and playlists", () => {
  it("cuts a transcode into equal 2 s segments, the last one shorter", () => {
    const t = equalTimeline(9, 24);
    expect(t.starts).toEqual([0, 2, 4, 6, 8]);
    expect(t.durations).toEqual([2, 2, 2, 2, 1]);
    expect(t.kind).toBe("equal");
  });

  it("stretches segments of fractional frame rates so forced keyframes fall on frames", () => {
    const t = equalTimeline(6.1, frameRate("24000/1001"));
    expect(t.segmentSeconds).toBeCloseTo(2.002, 3);
    // 0, 2.002, 4.004: the 0.094 s left after 6.006 joins the last segment.
    expect(t.starts).toEqual([0, 2.002, 4.004]);
    expect(t.durations.reduce((a, b) => a + b, 0)).toBeCloseTo(6.1, 5);
    expect(equalTimeline(60.032, 24).starts.length).toBe(30);
  });

  it("cuts a copied video at its keyframes, at least 6 s apart", () => {
    const t = keyframeTimeline([0.021, 2.021, 4.021, 6.021, 8.021, 10.021, 12.5, 19], 20);
    expect(t.starts).toEqual([0, 6.021, 12.5, 19]);
    expect(t.durations).toEqual([6.021, 6.479, 6.5, 1]);
    // A keyframe in the last instant starts no segment of its own.
    expect(keyframeTimeline([0, 6, 11.99], 12).starts).toEqual([0, 6]);
  });

  it("reads keyframe times from ffprobe's packet list", () => {
    expect(parseKeyframes("0.021000,K_\n0.063000,__\n2.021000,K_\nN/A,K_\n\n")).toEqual([0.021, 2.021]);
  });

  it("lists every segment up front in the variant playlist", () => {
    const text = variantPlaylist(equalTimeline(7, 24));
    expect(text).toContain("#EXT-X-PLAYLIST-TYPE:VOD");
    expect(text).toContain('#EXT-X-MAP:URI="init.mp4"');
    expect(text).toContain("#EXT-X-TARGETDURATION:2");
    expect(text.match(/#EXTINF:/g)?.length).toBe(4);
    expect(text).toContain("#EXTINF:1.000000,\n3.m4s\n#EXT-X-ENDLIST");
    const master = masterPlaylist({
      bandwidth: 3_192_000,
      width: 1280,
      height: 720,
      codecs: "avc1.64001f,mp4a.40.2",
      frameRate: 23.976,
    });
    expect(master).toContain(
      '#EXT-X-STREAM-INF:BANDWIDTH=3192000,CODECS="avc1.64001f,mp4a.40.2",RESOLUTION=1280x720,FRAME-RATE=23.976\nmain.m3u8',
    );
  });

  it("names profiles by mode, height, audio and burned subtitle, and reads them back", () => {
    expect(profileId({ mode: "transcode", height: 720, audio: 1 })).toBe("t720a1");
    expect(profileId({ mode: "remux", height: 1080, audio: -1 })).toBe("r1080a-1");
    expect(profileId({ mode: "audio_transcode", height: 0, audio: 2, burn: 4 })).toBe("x0a2s4");
    expect(parseProfile("t720a1s3")).toEqual({ mode: "transcode", height: 720, audio: 1, burn: 3 });
    expect(parseProfile("r1080a-1")).toEqual({ mode: "remux", height: 1080, audio: -1 });
    for (const bad of ["", "d720a1", "t720", "t720a1s", "../t720a1", "t99999a1"])
      expect(parseProfile(bad)).toBeUndefined();
  });
});
