import path from "node:path";
import { NimbusError } from "@nimbus/protocol";
import { exists, type Run } from "./hls-runs.js";
import type { Timeline } from "./hls-timeline.js";
import type { MediaFacts } from "./media-streams.js";
import type { PlaybackProfile } from "./playback-profile.js";
import type { SourceFile } from "./source-files.js";

/** Keyframe streams make at most this many segments past the last one asked for, then rest. */
const COPY_READ_AHEAD = 20;

/** One HLS stream (a blob and profile, whoever watches) of `HlsSessions`. */
export interface Session {
  key: string;
  gcid: string;
  profileId: string;
  profile: PlaybackProfile;
  facts: MediaFacts;
  timeline: Timeline;
  dir: string;
  source: SourceFile;
  /** Viewers (user ids, or `ip:` for anonymous share visitors) who asked for segments. */
  viewers: Set<string>;
  /** The viewer whose slot a running transcode takes. */
  owner: string;
  lastRequest: number;
  run: Run | undefined;
  /** Keyframe streams: the next segment the copy loop makes, and whether it runs. */
  cursor: number;
  looping: boolean;
  lastAsked: number;
  stopped: boolean;
  /** Why the copy loop gave up (ffmpeg's last words). */
  failed?: string;
  lock: Promise<unknown>;
}

/**
 * Keyframe streams: one short ffmpeg run per segment (`makeSegment`), from the cursor on,
 * resting when far ahead of what was asked.
 */
export async function copyLoop(
  session: Session,
  makeSegment: (index: number) => Promise<Run | undefined>,
): Promise<void> {
  if (session.looping) return;
  session.looping = true;
  try {
    const count = session.timeline.starts.length;
    while (
      !session.stopped &&
      session.cursor < count &&
      session.cursor <= session.lastAsked + COPY_READ_AHEAD
    ) {
      const index = session.cursor;
      if (!(await exists(path.join(session.dir, `${index}.m4s`)))) {
        const run = await makeSegment(index);
        if (!run) return;
        session.run = run;
        await run.done;
        if (session.stopped) break;
        if (run.exitCode !== 0 && !(await exists(path.join(session.dir, `${index}.m4s`)))) {
          session.failed = run.stderr.trim() || `ffmpeg exited with ${run.exitCode}`;
          break;
        }
      }
      // A far request moved the cursor meanwhile: go on from there.
      if (session.cursor === index) session.cursor = index + 1;
    }
  } finally {
    session.looping = false;
  }
}

/** Waits until the stream's folder holds `file` (segment `index`), or says why it will not come. */
export async function waitForSegment(
  session: Session,
  file: string,
  index: number,
  options: { pollMs?: number; waitMs?: number },
): Promise<string> {
  const pollMs = options.pollMs ?? 50;
  const deadline = Date.now() + (options.waitMs ?? 60_000);
  for (;;) {
    // Only whole segments are ever in the stream's folder (moved there by `promote`).
    if (await exists(file)) return file;
    const run = session.run;
    if (session.stopped) throw new NimbusError("unavailable", "the stream was stopped");
    if (session.timeline.kind === "equal" && run?.exited) {
      await run.done;
      if (await exists(file)) return file;
      if (run.exitCode !== 0 && run === session.run) {
        throw new NimbusError(
          "file_not_playable",
          run.stderr.trim().split("\n").slice(-1)[0] || "ffmpeg failed",
        );
      }
      // The run reached the end without making this segment: it will not come.
      if (run.exitCode === 0 && (index < 0 || index >= run.start)) {
        throw new NimbusError("not_found", "ffmpeg made no such segment");
      }
    }
    if (session.failed && !session.looping) {
      throw new NimbusError("file_not_playable", session.failed.split("\n").slice(-1)[0]);
    }
    if (Date.now() > deadline) throw new NimbusError("playback_server_busy", "the segment took too long");
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
