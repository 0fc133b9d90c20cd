import { NimbusError } from "@nimbus/protocol";
import { runTool } from "../../lib/run-tool.js";
import { keyframeProbeArgs, parseKeyframes } from "./ffmpeg-args.js";
import { copiesVideo, equalTimeline, frameRate, keyframeTimeline, type Timeline } from "./hls-timeline.js";
import type { MediaFacts } from "./media-streams.js";
import type { PlaybackProfile } from "./playback-profile.js";
import type { SourceFile } from "./source-files.js";

export interface StreamProbesDeps {
  sources: { open(gcid: string): Promise<SourceFile> };
  ffprobe: () => string | undefined;
}

/**
 * What the HLS streams ask of the tools once and remember (decision 0060): each blob's segment
 * timeline (keyframe times probed once per blob for copied video) and whether an ffmpeg knows
 * `-hls_segment_options`.
 */
export class StreamProbes {
  private readonly timelines = new Map<string, Promise<Timeline>>();
  private readonly muxerOptions = new Map<string, Promise<boolean>>();

  constructor(private readonly deps: StreamProbesDeps) {}

  /** Whether `ffmpeg` knows `-hls_segment_options` (asked once per program). */
  segmentOptions(ffmpeg: string): Promise<boolean> {
    let known = this.muxerOptions.get(ffmpeg);
    if (!known) {
      known = runTool(ffmpeg, ["-hide_banner", "-h", "muxer=hls"], {
        timeoutMs: 10_000,
        maxOutputBytes: 1024 * 1024,
      })
        .then((r) => r.stdout.toString("utf8").includes("hls_segment_options"))
        .catch(() => true);
      this.muxerOptions.set(ffmpeg, known);
    }
    return known;
  }

  /** The segment timeline of a profile (keyframe times are probed once per blob). */
  async timeline(gcid: string, facts: MediaFacts, profile: PlaybackProfile): Promise<Timeline> {
    const durationS = facts.durationMs / 1000;
    const video = facts.streams.find((s) => s.type === "video");
    if (!video || !copiesVideo(profile, facts))
      return equalTimeline(durationS, video ? frameRate(video.frame_rate ?? facts.frameRate) : 0);
    let known = this.timelines.get(gcid);
    if (!known) {
      known = this.keyframes(gcid, video).then((k) => keyframeTimeline(k, durationS));
      known.catch(() => this.timelines.delete(gcid));
      this.timelines.set(gcid, known);
    }
    return known;
  }

  private async keyframes(
    gcid: string,
    video: NonNullable<MediaFacts["streams"][number]>,
  ): Promise<number[]> {
    const ffprobe = this.deps.ffprobe();
    if (!ffprobe) throw new NimbusError("preview_not_set_up", "ffprobe is not installed");
    const source = await this.deps.sources.open(gcid);
    try {
      const result = await runTool(ffprobe, keyframeProbeArgs(source.path, video), {
        timeoutMs: 120_000,
        maxOutputBytes: 64 * 1024 * 1024,
      });
      if (result.code !== 0) throw new NimbusError("file_not_playable", "keyframes could not be read");
      const keyframes = parseKeyframes(result.stdout.toString("utf8"));
      if (keyframes.length === 0) throw new NimbusError("file_not_playable", "no keyframes");
      return keyframes;
    } finally {
      await source.release();
    }
  }
}
