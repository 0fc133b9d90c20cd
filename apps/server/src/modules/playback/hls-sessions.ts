import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { NimbusError } from "@nimbus/protocol";
import type { Clock } from "../../lib/clock.js";
import { runTool } from "../../lib/run-tool.js";
import { keyframeProbeArgs, parseKeyframes, segmentArgs, sequentialArgs } from "./ffmpeg-args.js";
import { copiesVideo, equalTimeline, frameRate, keyframeTimeline, type Timeline } from "./hls-timeline.js";
import type { MediaFacts } from "./media-streams.js";
import type { PlaybackProfile } from "./playback-profile.js";
import type { SegmentCache } from "./segment-cache.js";
import type { SourceFile } from "./source-files.js";

export interface HlsLimits {
  /** Video transcodes running at once on this server (`PLAYBACK_MAX_TRANSCODES`). */
  maxTranscodes: number;
  /** Video transcodes one viewer may run at once (`PLAYBACK_MAX_TRANSCODES_PER_USER`). */
  maxTranscodesPerUser: number;
  /** A stream nobody asked a segment of for this long is stopped (`PLAYBACK_IDLE_SECONDS`). */
  idleMs: number;
}

export interface HlsSessionsDeps {
  cache: SegmentCache;
  sources: { open(gcid: string): Promise<SourceFile> };
  clock: Clock;
  ffmpeg: () => string | undefined;
  ffprobe: () => string | undefined;
  limits: HlsLimits;
  /** How often waiting requests look for a segment (ms). */
  pollMs?: number;
  /** Longest a request waits for its segment before answering `playback_server_busy`. */
  waitMs?: number;
}

/** How far past what is being made a request may be and still wait for it, not restart (Jellyfin: 24 s). */
const AHEAD_S = 24;
/** Keyframe (copy) streams make at most this many segments past the last one asked for, then rest. */
const COPY_READ_AHEAD = 20;

interface Run {
  child: ChildProcess;
  /** The first segment of the run. */
  start: number;
  /** The next segment it has not finished (and moved into the stream's folder) yet. */
  next: number;
  /** Where it writes (`<dir>/.run-<id>/`): segments move out one by one, whole. */
  dir: string;
  /** Set once its last segments were moved out and its folder removed. */
  collected: boolean;
  promoting: Promise<void> | undefined;
  /** A keyframe stream's run makes this one segment only. */
  only?: number;
  exited: boolean;
  exitCode: number | null;
  stderr: string;
  done: Promise<void>;
}

interface Session {
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
 * The HLS streams being made (decision 0060), one per blob and profile whoever watches:
 * ffmpeg runs, restarts on far seeks, idle stops, and the server and per-viewer limits on
 * video transcodes (remuxes and audio transcodes are cheap and not counted).
 */
export class HlsSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly opening = new Map<string, Promise<Session>>();
  private readonly timelines = new Map<string, Promise<Timeline>>();
  private timer: NodeJS.Timeout | undefined;
  /** ffmpeg processes started (tests: a second viewer starts none). */
  spawned = 0;
  private loaded: Promise<void> | undefined;
  private readonly muxerOptions = new Map<string, Promise<boolean>>();

  constructor(private readonly deps: HlsSessionsDeps) {}

  /** Stops idle streams every few seconds (not in tests: they call `reapIdle`). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.reapIdle(), 5_000);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all([...this.sessions.values()].map((s) => this.stop(s)));
  }

  /** The number of video transcodes running, and a viewer's. */
  transcodes(viewer?: string): number {
    let n = 0;
    for (const s of this.sessions.values()) {
      if (s.profile.mode !== "transcode" || !s.run || s.run.exited) continue;
      if (viewer === undefined || s.owner === viewer) n++;
    }
    return n;
  }

  /**
   * Whether playing this profile may need no new transcode slot: its stream is running, or
   * segments of it are cached (a plan for it is not refused then; a segment still may be).
   */
  isAvailable(gcid: string, profileId: string): boolean {
    const key = `${gcid}/${profileId}`;
    const s = this.sessions.get(key);
    return (!!s?.run && !s.run.exited) || this.deps.cache.has(key);
  }

  /** Whether `ffmpeg` knows `-hls_segment_options` (asked once per program). */
  private segmentOptions(ffmpeg: string): Promise<boolean> {
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

  /**
   * Throws the localized limit errors when `viewer` may not start another video transcode of
   * `gcid` now. Their own transcode of another profile of the same video that nobody else
   * watches stops first: switching quality or audio track replaces a stream, it does not add one.
   */
  async assertCanStart(viewer: string, gcid: string, profileId: string): Promise<void> {
    for (const other of [...this.sessions.values()]) {
      if (other.gcid !== gcid || other.profileId === profileId || other.profile.mode !== "transcode")
        continue;
      if (other.owner !== viewer || [...other.viewers].some((v) => v !== viewer)) continue;
      await this.stop(other);
    }
    const { limits } = this.deps;
    if (this.transcodes(viewer) >= limits.maxTranscodesPerUser) throw new NimbusError("playback_user_limit");
    if (this.transcodes() >= limits.maxTranscodes) throw new NimbusError("playback_server_busy");
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

  /**
   * The path of init segment (`index` -1) or media segment `index`, made if needed: served
   * from the cache when there; else waited for when the running ffmpeg is about to make it;
   * else ffmpeg (re)starts at it. `viewer` is who asks (limits count against them).
   */
  async segment(
    gcid: string,
    profileId: string,
    profile: PlaybackProfile,
    facts: MediaFacts,
    index: number,
    viewer: string,
  ): Promise<string> {
    // What an earlier process cached is learnt once, before the first segment.
    this.loaded ??= this.deps.cache.load().catch(() => {});
    await this.loaded;
    const key = `${gcid}/${profileId}`;
    const dir = this.deps.cache.segmentsDir(gcid, profileId);
    const file = path.join(dir, index < 0 ? "init.mp4" : `${index}.m4s`);
    if (await exists(file)) {
      this.deps.cache.touch(key);
      const s = this.sessions.get(key);
      if (s) this.asked(s, index, viewer);
      return file;
    }
    const timeline = await this.timeline(gcid, facts, profile);
    if (index >= timeline.starts.length) throw new NimbusError("not_found", "no such segment");
    const session = await this.session(key, gcid, profileId, profile, facts, timeline, dir, viewer);
    this.asked(session, index, viewer);
    await this.locked(session, () => this.ensureMaking(session, Math.max(index, 0), viewer));
    return this.waitFor(session, file, index);
  }

  private asked(session: Session, index: number, viewer: string): void {
    session.lastRequest = this.deps.clock.now();
    session.viewers.add(viewer);
    if (index >= 0) session.lastAsked = index;
    this.deps.cache.touch(session.key);
    if (
      session.timeline.kind === "keyframes" &&
      !session.looping &&
      session.cursor < session.timeline.starts.length
    ) {
      void this.copyLoop(session);
    }
  }

  private async session(
    key: string,
    gcid: string,
    profileId: string,
    profile: PlaybackProfile,
    facts: MediaFacts,
    timeline: Timeline,
    dir: string,
    viewer: string,
  ): Promise<Session> {
    const known = this.sessions.get(key);
    if (known && !known.stopped) return known;
    let opening = this.opening.get(key);
    if (!opening) {
      opening = (async () => {
        await mkdir(dir, { recursive: true });
        const source = await this.deps.sources.open(gcid);
        this.deps.cache.pin(key, dir);
        const session: Session = {
          key,
          gcid,
          profileId,
          profile,
          facts,
          timeline,
          dir,
          source,
          viewers: new Set([viewer]),
          owner: viewer,
          lastRequest: this.deps.clock.now(),
          run: undefined,
          cursor: 0,
          looping: false,
          lastAsked: 0,
          stopped: false,
          lock: Promise.resolve(),
        };
        this.sessions.set(key, session);
        this.start();
        return session;
      })().finally(() => this.opening.delete(key));
      this.opening.set(key, opening);
    }
    return opening;
  }

  private locked<T>(session: Session, work: () => Promise<T>): Promise<T> {
    const next = session.lock.then(work, work);
    session.lock = next.catch(() => {});
    return next;
  }

  /** Starts or moves ffmpeg so that segment `index` gets made soon. */
  private async ensureMaking(session: Session, index: number, viewer: string): Promise<void> {
    const file = path.join(session.dir, `${index}.m4s`);
    if (await exists(file)) return;
    const ahead = Math.ceil(AHEAD_S / session.timeline.segmentSeconds);
    if (session.timeline.kind === "keyframes") {
      // The copy loop makes one segment per run: a far request just moves its cursor.
      if (index < session.cursor || index > session.cursor + ahead) session.cursor = index;
      if (!session.looping) void this.copyLoop(session);
      return;
    }
    const run = session.run;
    if (run && !run.exited && index >= run.start && index <= run.next + ahead) return;
    if (session.profile.mode === "transcode" && (!run || run.exited)) {
      // A new video transcode takes a slot; moving a running one keeps its own.
      await this.assertCanStart(viewer, session.gcid, session.profileId);
      session.owner = viewer;
    }
    // A restart kills at once (SIGKILL): the old run's partial segment stays in its own folder,
    // never served, and a graceful stop would hold the CPU the new run needs.
    if (run && !run.exited) await this.kill(run, "SIGKILL");
    await this.startRun(session, index);
  }

  private async startRun(session: Session, start: number): Promise<void> {
    const ffmpeg = this.deps.ffmpeg();
    if (!ffmpeg) throw new NimbusError("preview_not_set_up", "ffmpeg is not installed");
    const id = randomUUID().slice(0, 8);
    const runDir = path.join(session.dir, `.run-${id}`);
    await mkdir(runDir, { recursive: true });
    const args = sequentialArgs(
      session.source.path,
      session.facts,
      session.profile,
      session.timeline,
      start,
      {
        dir: runDir,
        segmentOptions: await this.segmentOptions(ffmpeg),
      },
    );
    session.run = this.spawnRun(session, ffmpeg, args, runDir, start);
  }

  private spawnRun(
    session: Session,
    ffmpeg: string,
    args: string[],
    runDir: string,
    start: number,
    only?: number,
  ): Run {
    const child = spawn(ffmpeg, args, { stdio: ["ignore", "ignore", "pipe"] });
    this.spawned++;
    const run: Run = {
      child,
      start,
      next: start,
      dir: runDir,
      collected: false,
      promoting: undefined,
      exited: false,
      exitCode: null,
      ...(only !== undefined && { only }),
      stderr: "",
      done: Promise.resolve(),
    };
    const poller = setInterval(() => void this.promote(session, run), this.deps.pollMs ?? 50);
    child.stderr?.on("data", (chunk: Buffer) => {
      if (run.stderr.length < 8192) run.stderr += chunk.toString("utf8");
    });
    run.done = new Promise<void>((resolve) => {
      child.on("error", () => {
        run.exited = true;
        resolve();
      });
      child.on("close", (code) => {
        run.exited = true;
        run.exitCode = code;
        resolve();
      });
    }).then(async () => {
      clearInterval(poller);
      await this.collect(session, run);
    });
    return run;
  }

  /**
   * Moves the run's whole segments into the stream's folder (a rename: a reader of an earlier
   * copy keeps its file). A segment is whole once the run's playlist lists it: ffmpeg rewrites
   * that playlist (`-hls_playlist_type event`) only after it has written the segment out, so a
   * name alone — which ffmpeg 4.1 writes progressively — is never trusted. After a good exit,
   * whatever is left is whole; a killed run's unlisted last segment is dropped with its folder.
   * The init segment moves with the first.
   */
  private promote(session: Session, run: Run, final = false): Promise<void> {
    const work = async () => {
      const name = (i: number) => path.join(run.dir, `${i}.m4s`);
      const playlist = await readFile(path.join(run.dir, "run.m3u8"), "utf8").catch(() => "");
      const listed = new Set(playlist.split("\n").filter((line) => line.endsWith(".m4s")));
      const whole = async (i: number) =>
        (run.only === undefined || i <= run.only) &&
        (listed.has(`${i}.m4s`) || (final && run.exitCode === 0)) &&
        (await exists(name(i)));
      while (await whole(run.next)) {
        if (run.next === run.start) await this.promoteInit(session, run);
        const target = path.join(session.dir, `${run.next}.m4s`);
        if (
          await rename(name(run.next), target).then(
            () => true,
            () => false,
          )
        )
          await this.account(session, target);
        run.next++;
      }
    };
    const next = (run.promoting ?? Promise.resolve()).then(work, work);
    run.promoting = next;
    return next;
  }

  private async promoteInit(session: Session, run: Run): Promise<void> {
    const own = path.join(run.dir, "init.mp4");
    const shared = path.join(session.dir, "init.mp4");
    if ((await exists(shared)) || !(await exists(own))) return;
    if (
      await rename(own, shared).then(
        () => true,
        () => false,
      )
    )
      await this.account(session, shared);
  }

  /** Takes in what a run finished (a killed run's last, partial segment is dropped) and removes its folder. */
  private async collect(session: Session, run: Run): Promise<void> {
    await this.promote(session, run, true);
    await rm(run.dir, { recursive: true, force: true });
    run.collected = true;
  }

  private async account(session: Session, file: string): Promise<void> {
    const s = await stat(file).catch(() => undefined);
    if (s) await this.deps.cache.add(session.key, session.dir, s.size);
  }

  /** Keyframe streams: one short ffmpeg run per segment, from the cursor on, resting when far ahead. */
  private async copyLoop(session: Session): Promise<void> {
    if (session.looping) return;
    session.looping = true;
    try {
      const ffmpeg = this.deps.ffmpeg();
      if (!ffmpeg) return;
      const count = session.timeline.starts.length;
      while (
        !session.stopped &&
        session.cursor < count &&
        session.cursor <= session.lastAsked + COPY_READ_AHEAD
      ) {
        const index = session.cursor;
        if (!(await exists(path.join(session.dir, `${index}.m4s`)))) {
          const runDir = path.join(session.dir, `.run-${randomUUID().slice(0, 8)}`);
          await mkdir(runDir, { recursive: true });
          const args = segmentArgs(
            session.source.path,
            session.facts,
            session.profile,
            session.timeline,
            index,
            {
              dir: runDir,
              segmentOptions: await this.segmentOptions(ffmpeg),
            },
          );
          const run = this.spawnRun(session, ffmpeg, args, runDir, index, index);
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

  private async waitFor(session: Session, file: string, index: number): Promise<string> {
    const pollMs = this.deps.pollMs ?? 50;
    const deadline = Date.now() + (this.deps.waitMs ?? 60_000);
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

  /** Stops streams nobody asked a segment of for `idleMs`. */
  async reapIdle(): Promise<number> {
    const now = this.deps.clock.now();
    let stopped = 0;
    for (const session of [...this.sessions.values()]) {
      if (now - session.lastRequest < this.deps.limits.idleMs) continue;
      await this.stop(session);
      stopped++;
    }
    return stopped;
  }

  private async stop(session: Session): Promise<void> {
    session.stopped = true;
    this.sessions.delete(session.key);
    if (session.run && !session.run.exited) await this.kill(session.run);
    this.deps.cache.unpin(session.key);
    await session.source.release();
    // A killed run's folder (its partial segment) is removed when it is collected; anything
    // left by a crash goes too.
    for (const name of await readdir(session.dir).catch(() => [] as string[])) {
      if (name.startsWith(".run-")) await rm(path.join(session.dir, name), { recursive: true, force: true });
    }
  }

  private async kill(run: Run, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
    if (run.exited) return;
    run.child.kill(signal);
    const timeout = setTimeout(() => run.child.kill("SIGKILL"), 3_000);
    await run.done;
    clearTimeout(timeout);
  }

  /** Running streams, for tests and metrics. */
  running(): { key: string; mode: string; viewers: number; pid: number | undefined }[] {
    return [...this.sessions.values()].map((s) => ({
      key: s.key,
      mode: s.profile.mode,
      viewers: s.viewers.size,
      pid: s.run && !s.run.exited ? s.run.child.pid : undefined,
    }));
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
