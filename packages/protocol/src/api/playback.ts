import { z } from "zod";

/**
 * Playback (decision 0060): the player says what the browser can decode, the server
 * answers how this file will play in it — the original bytes, or an HLS stream made on
 * demand by ffmpeg (remuxed, audio transcoded, or fully transcoded) — with its
 * renditions, audio tracks, subtitles and the user's saved position.
 */

/** What the browser decodes, from `MediaSource.isTypeSupported` and `canPlayType`. */
export const playbackCapabilitiesSchema = z.object({
  /** Containers played as plain files: "mp4", "webm", "mkv", "mov", "ogg", "mp3", "flac", "wav"… */
  containers: z.array(z.string().max(16)).max(32),
  /** ffprobe codec names: "h264", "hevc", "vp9", "av1"… */
  video_codecs: z.array(z.string().max(16)).max(32),
  /** ffprobe codec names: "aac", "mp3", "opus", "flac", "vorbis", "ac3", "eac3"… */
  audio_codecs: z.array(z.string().max(16)).max(32),
  /** How HLS plays here: natively (Safari), through hls.js on MediaSource, or not at all. */
  hls: z.enum(["native", "mse", "none"]),
});
export type PlaybackCapabilities = z.infer<typeof playbackCapabilitiesSchema>;

/** The cheapest path that plays, in this order (decision 0060's table). */
export const PLAYBACK_MODES = ["direct", "remux", "audio_transcode", "transcode"] as const;
export type PlaybackMode = (typeof PLAYBACK_MODES)[number];

export const playbackRequestSchema = z.object({
  capabilities: playbackCapabilitiesSchema,
  /** The audio stream to play (its `index`); the remembered or default one when absent. */
  audio_track: z.number().int().min(0).max(1000).optional(),
  /** A rendition id from `renditions`; the best allowed one when absent. */
  rendition: z.string().max(32).optional(),
  /** An image subtitle (`burn_in: true`) to draw into the picture; forces a transcode. */
  burn_subtitle: z.string().max(128).optional(),
});
export type PlaybackRequest = z.infer<typeof playbackRequestSchema>;

/** Share visitors ask through the share, with its passcode token. */
export const sharePlaybackRequestSchema = playbackRequestSchema.extend({
  share_id: z.string().min(1).max(64),
  file_id: z.string().min(1).max(64),
  pass_code_token: z.string().max(4096).optional(),
});
export type SharePlaybackRequest = z.infer<typeof sharePlaybackRequestSchema>;

export const playbackRenditionSchema = z.object({
  /** "origin", or a height with its unit: "480p", "720p", "1080p"… */
  id: z.string(),
  /** "Original", "480P", "720P", "1080P" (the names of `medias[].resolution_name`). */
  resolution_name: z.string(),
  height: z.number(),
  /** True when the holder's membership does not include it (free users: 720p and below by default). */
  locked: z.boolean(),
});
export type PlaybackRendition = z.infer<typeof playbackRenditionSchema>;

export const playbackAudioTrackSchema = z.object({
  /** The stream's index in the source (ffprobe `index`). */
  index: z.number(),
  /** ISO 639-2 as tagged ("eng", "jpn"), '' when untagged. */
  language: z.string(),
  title: z.string(),
  codec: z.string(),
  channels: z.number(),
  is_default: z.boolean(),
});
export type PlaybackAudioTrack = z.infer<typeof playbackAudioTrackSchema>;

export const playbackSubtitleSchema = z.object({
  /** "s<index>" for an embedded stream, "f<fileId>" for a subtitle file in the drive. */
  id: z.string(),
  source: z.enum(["embedded", "sidecar", "file"]),
  language: z.string(),
  title: z.string(),
  /** ffprobe codec name or file format: "subrip", "ass", "webvtt", "mov_text", "hdmv_pgs_subtitle", "dvd_subtitle". */
  format: z.string(),
  /** Image subtitles cannot become WebVTT: they are drawn into the picture by a transcode. */
  burn_in: z.boolean(),
  /** A signed WebVTT link; '' for burn-in subtitles. */
  url: z.string(),
  is_default: z.boolean(),
  /** Forced subtitles carry only signs and foreign-language lines. */
  is_forced: z.boolean().optional(),
});
export type PlaybackSubtitle = z.infer<typeof playbackSubtitleSchema>;

/**
 * `GET /drive/v1/files/{id}/subtitles?add=<fileId>`: the video's subtitles (embedded, sidecars)
 * plus any subtitle files of the caller's drive named by `add` (the player's "Choose a
 * subtitle file…"), each with its WebVTT link. The plan lists the same without `add`, and
 * with the file chosen last time on this video.
 */
export const listSubtitlesQuerySchema = z.object({
  /** The id of a subtitle file (`.srt`, `.ass`, `.ssa`, `.vtt`) of the caller's drive. */
  add: z.string().min(1).max(64).optional(),
});
export const subtitleListSchema = z.object({ subtitles: z.array(playbackSubtitleSchema) });
export type SubtitleList = z.infer<typeof subtitleListSchema>;

export const playbackPositionSchema = z.object({
  position_ms: z.number().int().min(0),
  duration_ms: z.number().int().min(0),
  /** ISO 8601. */
  updated_time: z.string(),
});
export type PlaybackPosition = z.infer<typeof playbackPositionSchema>;

export const playbackPlanSchema = z.object({
  file_id: z.string(),
  mode: z.enum(PLAYBACK_MODES),
  /** Why not direct play, e.g. ["container", "audio_codec"]; empty for direct play. */
  reasons: z.array(z.string()),
  /** Direct: the signed streaming link of the original. Otherwise: the signed HLS master playlist. */
  url: z.string(),
  /** "video" or "audio": audio files get the same path without a picture. */
  kind: z.enum(["video", "audio"]),
  duration_ms: z.number(),
  renditions: z.array(playbackRenditionSchema),
  /** The rendition `url` plays. */
  rendition: z.string(),
  audio_tracks: z.array(playbackAudioTrackSchema),
  /** The audio stream `url` plays (-1 when the file has none). */
  audio_track: z.number(),
  subtitles: z.array(playbackSubtitleSchema),
  /** The subtitle id to show first ('' for none): the remembered choice, else none. */
  subtitle: z.string(),
  /** Where this user stopped last time; null when never played (or played to the end). */
  position: playbackPositionSchema.nullable(),
});
export type PlaybackPlan = z.infer<typeof playbackPlanSchema>;

/** `PUT /drive/v1/files/{id}/playback_position`: every few seconds while playing and on pause. */
export const savePlaybackPositionSchema = z.object({
  position_ms: z.number().int().min(0).max(1e10),
  duration_ms: z.number().int().min(0).max(1e10),
  /** The tracks chosen in the player, remembered for this user (by language, for the next file too). */
  audio_track: z.number().int().min(-1).max(1000).optional(),
  subtitle: z.string().max(128).optional(),
});
export type SavePlaybackPosition = z.infer<typeof savePlaybackPositionSchema>;
