import { FILE_KIND, NimbusError, type PlaybackSubtitle } from "@nimbus/protocol";
import type { Clock } from "../../lib/clock.js";
import type { ShareLinkStanding } from "../downloads/link-checks.js";
import type { FileRow, FilesRepository } from "../files/index.js";
import type { DownloadLinks, LinkHolder } from "../links/download-links.js";
import type { MediaStream } from "../previews/media-probe.js";
import { languageInName, matchSidecar, sidecarPrefix, subtitleFormatOf } from "./sidecar.js";
import type { WebVtt, WebVttCache } from "./subtitles-webvtt.js";

/** Embedded subtitle codecs ffmpeg turns into WebVTT (text, decoded to ASS events inside ffmpeg). */
export const TEXT_SUBTITLE_CODECS = new Set([
  "subrip",
  "srt",
  "ass",
  "ssa",
  "mov_text",
  "webvtt",
  "text",
  "microdvd",
  "subviewer",
  "subviewer1",
  "sami",
  "realtext",
  "mpl2",
  "pjs",
  "vplayer",
  "jacosub",
  "stl",
]);
/** Image subtitles: no text to convert, they can only be drawn into the picture by a transcode. */
export const IMAGE_SUBTITLE_CODECS = new Set(["hdmv_pgs_subtitle", "dvd_subtitle", "dvb_subtitle", "xsub"]);

/** Sidecars looked at per video at most (a folder of thousands of `Movie.*.srt` is not a use case). */
const MAX_SIDECARS = 64;

export interface SubtitlesDeps {
  files: Pick<FilesRepository, "findOwned" | "liveFilesStartingWith">;
  /** The owner's session generation, for the links of `listForOwner`. */
  users: { sessionGeneration(userId: string): Promise<number> };
  clock: Clock;
  links: DownloadLinks;
  publicUrl: string;
  /** Whether a share still serves a file (share visitors see only the sidecars the share holds). */
  shares: ShareLinkStanding;
  /** The streams of a blob (`MediaStreams.of`), for the WebVTT of an embedded stream. */
  streams: { of(gcid: string): Promise<MediaStream[]> };
  cache: WebVttCache;
  /** A local path of a blob ffmpeg can read (`SourceFiles.open`: S3 blobs copied once per node). */
  open(gcid: string): Promise<{ path: string; release(): Promise<void> }>;
}

/** A subtitle id: `s<index>` an embedded stream, `f<fileId>` a subtitle file (sidecar or chosen). */
export function parseSubtitleId(id: string): { stream: number } | { fileId: string } | undefined {
  const embedded = /^s(\d{1,4})$/.exec(id);
  if (embedded) return { stream: Number(embedded[1]) };
  if (/^f[A-Za-z0-9_-]{1,64}$/.test(id)) return { fileId: id.slice(1) };
  return undefined;
}

/**
 * The subtitles of a video or song (decision 0060): its embedded text streams as WebVTT
 * links, its image streams as burn-in options, the subtitle files beside it in its folder
 * (`Movie.en.srt`), and subtitle files from anywhere in the owner's drive the player adds.
 * Links are signed for the holder and checked again on use (`GET /drive/v1/subtitles/…`).
 */
export class Subtitles {
  constructor(private readonly deps: SubtitlesDeps) {}

  /**
   * Every subtitle of `video` for `holder`: embedded (from `streams`), sidecars, then the files
   * of `add` (ids of subtitle files of the video's owner; share visitors get only those the share
   * serves). An added id that is not such a file answers `file_not_found`/`subtitle_not_convertible`.
   */
  async list(
    video: FileRow,
    holder: LinkHolder,
    now: number,
    streams: readonly MediaStream[],
    add: readonly string[] = [],
  ): Promise<PlaybackSubtitle[]> {
    const out: PlaybackSubtitle[] = [];
    for (const stream of streams) {
      if (stream.type !== "subtitle") continue;
      const image = IMAGE_SUBTITLE_CODECS.has(stream.codec);
      if (!image && !TEXT_SUBTITLE_CODECS.has(stream.codec)) continue;
      const id = `s${stream.index}`;
      out.push({
        id,
        source: "embedded",
        language: stream.language,
        title: stream.title,
        format: stream.codec,
        burn_in: image,
        url: image ? "" : this.url(video.id, id, holder, now),
        is_default: stream.is_default,
        is_forced: stream.is_forced,
      });
    }
    for (const { row, name } of await this.sidecarsOf(video, holder)) {
      const id = `f${row.id}`;
      out.push({
        id,
        source: "sidecar",
        language: name.language,
        title: name.title,
        format: name.format,
        burn_in: false,
        url: this.url(video.id, id, holder, now),
        is_default: name.isDefault,
        is_forced: name.forced,
      });
    }
    for (const fileId of add) {
      if (out.some((s) => s.id === `f${fileId}`)) continue;
      const row = await this.subtitleFile(video, fileId, holder);
      const id = `f${row.id}`;
      out.push({
        id,
        source: "file",
        language: languageInName(row.name),
        title: row.name,
        format: subtitleFormatOf(row.name) ?? "",
        burn_in: false,
        url: this.url(video.id, id, holder, now),
        is_default: false,
        is_forced: /\.forced\./i.test(row.name),
      });
    }
    return out;
  }

  /**
   * `GET /drive/v1/files/{id}/subtitles?add=`: the subtitles of the caller's own video or song,
   * with the subtitle file `add` of their drive among them, links held by the caller.
   */
  async listForOwner(userId: string, fileId: string, add?: string): Promise<PlaybackSubtitle[]> {
    const video = await this.liveFile(userId, fileId);
    if (!video?.blob_gcid) throw new NimbusError("file_not_found", undefined, { metadata: { id: fileId } });
    const streams = await this.deps.streams.of(video.blob_gcid);
    const holder: LinkHolder = { userId, generation: await this.deps.users.sessionGeneration(userId) };
    return this.list(video, holder, this.deps.clock.now(), streams, add ? [add] : []);
  }

  /**
   * The WebVTT of subtitle `subtitleId` of `video` (the link was verified and its holder
   * checked by the caller): converted once, then from the cache.
   */
  async webVtt(video: FileRow, subtitleId: string): Promise<WebVtt> {
    const parsed = parseSubtitleId(subtitleId);
    if (!parsed || !video.blob_gcid) throw new NimbusError("file_not_found", "no such subtitle");
    const open = (gcid: string) => () => this.deps.open(gcid);
    if ("stream" in parsed) {
      const gcid = video.blob_gcid;
      const streams = await this.deps.streams.of(gcid);
      const stream = streams.find((s) => s.index === parsed.stream && s.type === "subtitle");
      if (!stream) throw new NimbusError("file_not_found", "no such subtitle stream");
      if (!TEXT_SUBTITLE_CODECS.has(stream.codec)) {
        throw new NimbusError("subtitle_not_convertible", `${stream.codec} is not text`);
      }
      const together = streams
        .filter((s) => s.type === "subtitle" && s.index !== stream.index && TEXT_SUBTITLE_CODECS.has(s.codec))
        .map((s) => s.index);
      return this.deps.cache.get({ kind: "stream", gcid, index: stream.index, together, open: open(gcid) });
    }
    const row = await this.liveFile(video.user_id, parsed.fileId);
    const format = row ? subtitleFormatOf(row.name) : undefined;
    if (!row?.blob_gcid) throw new NimbusError("file_not_found", "no such subtitle file");
    if (!format) throw new NimbusError("subtitle_not_convertible", "not a subtitle file");
    const language = matchSidecar(video.name, row.name)?.language || languageInName(row.name);
    return this.deps.cache.get({
      kind: "file",
      gcid: row.blob_gcid,
      format,
      language,
      open: open(row.blob_gcid),
    });
  }

  private url(videoId: string, subtitleId: string, holder: LinkHolder, now: number): string {
    return `${this.deps.publicUrl}${this.deps.links.signFor("subtitle", `${videoId}/${subtitleId}`, holder, now).path}`;
  }

  /** Subtitle files named for the video in its folder (case aside), complete and not trashed. */
  private async sidecarsOf(video: FileRow, holder: LinkHolder) {
    const prefix = `${sidecarPrefix(video.name)}.`;
    const rows = await this.deps.files.liveFilesStartingWith(
      video.user_id,
      video.parent_id,
      prefix,
      MAX_SIDECARS,
    );
    const found = [];
    for (const row of rows) {
      if (row.id === video.id || row.phase !== "PHASE_TYPE_COMPLETE" || !row.blob_gcid) continue;
      const name = matchSidecar(video.name, row.name);
      if (!name) continue;
      if (holder.shareId && !(await this.deps.shares.stillServes(holder.shareId, row.id, holder.userId)))
        continue;
      found.push({ row, name });
    }
    return found;
  }

  /** A subtitle file the player adds: the video owner's, live, with a subtitle extension, in the share for visitors. */
  private async subtitleFile(video: FileRow, fileId: string, holder: LinkHolder): Promise<FileRow> {
    const row = await this.liveFile(video.user_id, fileId);
    const served =
      row && (!holder.shareId || (await this.deps.shares.stillServes(holder.shareId, row.id, holder.userId)));
    if (!row || !served) throw new NimbusError("file_not_found", undefined, { metadata: { id: fileId } });
    if (!subtitleFormatOf(row.name)) {
      throw new NimbusError("subtitle_not_convertible", "not a subtitle file", { metadata: { id: fileId } });
    }
    return row;
  }

  private async liveFile(userId: string, fileId: string): Promise<FileRow | undefined> {
    const row = await this.deps.files.findOwned(userId, fileId);
    if (!row || row.trashed_at !== null || row.phase !== "PHASE_TYPE_COMPLETE" || !row.blob_gcid)
      return undefined;
    return row.kind === FILE_KIND.file ? row : undefined;
  }
}
