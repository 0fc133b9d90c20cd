import { describe, expect, it } from "vitest";
import { isKeptApiRead } from "./offline-protocol.js";

describe("isKeptApiRead", () => {
  it("keeps the drive's list reads", () => {
    expect(isKeptApiRead("/drive/v1/files")).toBe(true);
    expect(isKeptApiRead("/drive/v1/files/f1")).toBe(true);
    expect(isKeptApiRead("/v1/user/me")).toBe(true);
  });

  it("never keeps HLS playlists, segments, subtitles or plans", () => {
    expect(isKeptApiRead("/drive/v1/hls/abc/master.m3u8")).toBe(false);
    expect(isKeptApiRead("/drive/v1/hls/abc/720p/12.m4s")).toBe(false);
    expect(isKeptApiRead("/drive/v1/subtitles/abc/s2.vtt")).toBe(false);
    expect(isKeptApiRead("/drive/v1/files/f1/playback")).toBe(false);
    expect(isKeptApiRead("/drive/v1/share/playback")).toBe(false);
  });

  it("never keeps transfers or pages outside the API", () => {
    expect(isKeptApiRead("/drive/v1/files/f1/download")).toBe(false);
    expect(isKeptApiRead("/assets/app.js")).toBe(false);
  });
});
