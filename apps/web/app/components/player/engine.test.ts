import { describe, expect, it } from "vitest";
import { describedFailure, hlsConfig } from "./engine.js";

describe("hlsConfig", () => {
  it("keeps jellyfin-web's 30 s buffers and starts at the resume point", () => {
    const config = hlsConfig(754);
    expect(config.startPosition).toBe(754);
    expect(config.maxBufferLength).toBe(30);
    expect(config.maxMaxBufferLength).toBe(30);
    // Subtitles come from the plan as <track> elements, never from the playlist.
    expect(config.enableWebVTT).toBe(false);
  });
});

describe("describedFailure", () => {
  const busy = JSON.stringify({
    error: "playback_server_busy",
    error_description: "Every transcode slot is taken",
  });

  it("reads the server's localized description from a failed playlist", () => {
    expect(describedFailure(busy)).toBe("Every transcode slot is taken");
  });

  it("reads it from a failed segment's bytes", () => {
    expect(describedFailure(new TextEncoder().encode(busy).buffer)).toBe("Every transcode slot is taken");
  });

  it("has nothing to say for media bytes, HTML or no answer", () => {
    expect(describedFailure(new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112]).buffer)).toBeUndefined();
    expect(describedFailure("<html>Bad gateway</html>")).toBeUndefined();
    expect(describedFailure("{not json")).toBeUndefined();
    expect(describedFailure(undefined)).toBeUndefined();
  });
});
