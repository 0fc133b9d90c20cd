import { randomUUID } from "node:crypto";
import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { NimbusError } from "@nimbus/protocol";
import type { Clock } from "../../lib/clock.js";
import { segmentArgs, sequentialArgs } from "./ffmpeg-args.js";
import { exists, killRun, type Run, spawnRun } from "./hls-runs.js";
import { copyLoop, type Session, waitForSegment } from "./hls-session.js";
import type { Timeline } from "./hls-timeline.js";
import type { MediaFacts } from "./media-streams.js";
import type { PlaybackProfile } from "./playback-profile.js";
import type { SegmentCache } from "./segment-cache.js";
import type { SourceFile } from "./source-files.js";
import { StreamProbes } from "./stream-probes.js";
import { type SlotHolder, toStop, transcodesOf } from "./transcode-slots.js";

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

/**
 * The HLS streams being made (decision 0060), one per blob and profile whoever watches:
 * ffmpeg runs, restarts on far seeks, idle stops, and the server and per-viewer limits on
 * video transcodes (remuxes and audio transcodes are cheap and not counted).
 */
export class HlsSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly opening = new Map<string, Promise<Session>>();
  private timer: NodeJS.Timeout | undefined;
  /** ffmpeg processes started (tests: a second viewer starts none). */
  spawned = 0;
  private loaded: Promise<void> | undefined;
  private readonly probes: StreamProbes;

  constructor(private readonly deps: HlsSessionsDeps) {
    this.probes = new StreamProbes(deps);
  }

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
    return transcodesOf(this.holders(), viewer);
  }

  /**
   * A new plan of a video transcode for `viewer` (decision 0075): joining a running stream takes
   * nothing; else the viewer's own streams this one replaces stop — another profile of the same
   * video, and their previous films, least recently watched first, as far as their per-user
   * limit needs — and, unless segments of it are cached, the limits are checked.
   */
  async admit(viewer: string, gcid: string, profileId: string): Promise<void> {
    const key = `${gcid}/${profileId}`;
    if (this.isRunning(key)) return;
    await this.stopReplaced(viewer, gcid, profileId, true);
    if (!this.deps.cache.has(key)) this.assertLimits(viewer);
  }

  /**
   * Throws the localized limit errors when `viewer` may not start another video transcode of
   * `gcid` now. Their own transcode of another profile of the same video that nobody else
   * watches stops first: switching quality or audio track replaces a stream, it does not add
   * one. Another film's stream is left alone here (a segment request of a tab left open must
   * not take the slot back from the film the viewer chose last: only a plan does that).
   */
  async assertCanStart(viewer: string, gcid: string, profileId: string): Promise<void> {
    await this.stopReplaced(viewer, gcid, profileId, false);
    this.assertLimits(viewer);
  }

  private async stopReplaced(viewer: string, gcid: string, profileId: string, previous: boolean) {
    const holders = this.holders();
    for (const h of toStop(holders, viewer, gcid, profileId, this.deps.limits, previous)) {
      const session = this.sessions.get(h.key);
      if (session) await this.stop(session);
    }
  }

  private assertLimits(viewer: string): void {
    const { limits } = this.deps;
    if (this.transcodes(viewer) >= limits.maxTranscodesPerUser) throw new NimbusError("playback_user_limit");
    if (this.transcodes() >= limits.maxTranscodes) throw new NimbusError("playback_server_busy");
  }

  private isRunning(key: string): boolean {
    const run = this.sessions.get(key)?.run;
    return !!run && !run.exited;
  }

  private holders(): SlotHolder[] {
    return [...this.sessions.values()].map((s) => ({
      key: s.key,
      gcid: s.gcid,
      profileId: s.profileId,
      transcode: s.profile.mode === "transcode",
      running: !!s.run && !s.run.exited,
      owner: s.owner,
      viewers: s.viewers,
      lastRequest: s.lastRequest,
    }));
  }

  /** The segment timeline of a profile (keyframe times are probed once per blob). */
  timeline(gcid: string, facts: MediaFacts, profile: PlaybackProfile): Promise<Timeline> {
    return this.probes.timeline(gcid, facts, profile);
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
    return waitForSegment(session, file, index, this.deps);
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
    if (run && !run.exited) await killRun(run, "SIGKILL");
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
        segmentOptions: await this.probes.segmentOptions(ffmpeg),
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
    this.spawned++;
    const options = { cache: this.deps.cache, pollMs: this.deps.pollMs ?? 50 };
    return spawnRun(session, options, ffmpeg, args, runDir, start, only);
  }

  /** Keyframe streams: one short ffmpeg run per segment, from the cursor on, resting when far ahead. */
  private copyLoop(session: Session): Promise<void> {
    return copyLoop(session, async (index) => {
      const ffmpeg = this.deps.ffmpeg();
      if (!ffmpeg) return undefined;
      const runDir = path.join(session.dir, `.run-${randomUUID().slice(0, 8)}`);
      await mkdir(runDir, { recursive: true });
      const args = segmentArgs(session.source.path, session.facts, session.profile, session.timeline, index, {
        dir: runDir,
        segmentOptions: await this.probes.segmentOptions(ffmpeg),
      });
      return this.spawnRun(session, ffmpeg, args, runDir, index, index);
    });
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
    if (session.run && !session.run.exited) await killRun(session.run);
    this.deps.cache.unpin(session.key);
    await session.source.release();
    // A killed run's folder (its partial segment) is removed when it is collected; anything
    // left by a crash goes too.
    for (const name of await readdir(session.dir).catch(() => [] as string[])) {
      if (name.startsWith(".run-")) await rm(path.join(session.dir, name), { recursive: true, force: true });
    }
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
