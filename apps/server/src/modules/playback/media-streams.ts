import type { Clock } from "../../lib/clock.js";
import type { MediaTools } from "../../lib/media-tools.js";
import { type MediaInfo, type MediaStream, probeMedia } from "../previews/media-probe.js";
import type { MediaRow, PreviewStore } from "../previews/preview-store.js";

export type { MediaStream } from "../previews/media-probe.js";

/** What playback knows of a blob's media: the stored probe facts with every stream. */
export interface MediaFacts extends MediaInfo {
  gcid: string;
}

/** A local path ffprobe and ffmpeg can open for a blob (`SourceFiles`). */
export interface SourceOpener {
  open(gcid: string): Promise<{ path: string; release(): Promise<void> }>;
}

export interface MediaStreamsDeps {
  store: PreviewStore;
  tools: MediaTools;
  sources: SourceOpener;
  clock: Clock;
}

/** The facts of a stored row; undefined unless it was probed as media with its streams. */
export function factsOfRow(row: MediaRow | undefined): MediaFacts | undefined {
  if (row?.state !== "ready" || row.streams === null) return undefined;
  let streams: MediaStream[];
  try {
    streams = JSON.parse(row.streams) as MediaStream[];
  } catch {
    return undefined;
  }
  return {
    gcid: row.gcid,
    durationMs: Number(row.duration_ms ?? 0),
    width: row.width ?? 0,
    height: row.height ?? 0,
    videoCodec: row.video_codec ?? "",
    audioCodec: row.audio_codec ?? "",
    bitRate: Number(row.bit_rate ?? 0),
    frameRate: row.frame_rate ?? "",
    container: row.container ?? "",
    streams: Array.isArray(streams) ? streams : [],
  };
}

/**
 * Every stream of a stored media file (decision 0060). The preview job stores them when it
 * probes a new blob; a blob probed before streams were kept (migration 0029), or never
 * probed (no ffprobe then), is probed again here on first demand, once at a time per blob.
 */
export class MediaStreams {
  private readonly probing = new Map<string, Promise<MediaFacts | undefined>>();

  constructor(private readonly deps: MediaStreamsDeps) {}

  /** The streams of blob `gcid`; [] when it is not audio/video or cannot be probed. */
  async of(gcid: string): Promise<MediaStream[]> {
    return (await this.facts(gcid))?.streams ?? [];
  }

  /** The stored facts only, never probing (undefined when not stored with their streams). */
  async stored(gcid: string): Promise<MediaFacts | undefined> {
    return factsOfRow((await this.deps.store.lookup([gcid])).get(gcid)?.media);
  }

  /** The stored facts, probing the blob again when they predate the stream listing. */
  async facts(gcid: string): Promise<MediaFacts | undefined> {
    const row = (await this.deps.store.lookup([gcid])).get(gcid)?.media;
    const known = factsOfRow(row);
    if (known) return known;
    // Probed and found not to be media: no second probe.
    if (row && row.state !== "ready") return undefined;
    const running = this.probing.get(gcid);
    if (running) return running;
    const probe = this.probe(gcid).finally(() => this.probing.delete(gcid));
    this.probing.set(gcid, probe);
    return probe;
  }

  private async probe(gcid: string): Promise<MediaFacts | undefined> {
    const ffprobe = this.deps.tools.find("ffprobe");
    if (!ffprobe) return undefined;
    const source = await this.deps.sources.open(gcid);
    try {
      const info = await probeMedia(ffprobe, source.path);
      await this.deps.store.saveMedia(gcid, info ? "ready" : "failed", info, this.deps.clock.now());
      if (!info) return undefined;
      return { gcid, ...info };
    } finally {
      await source.release();
    }
  }
}
