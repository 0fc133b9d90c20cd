import { type ChildProcess, spawn } from "node:child_process";
import { readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { SegmentCache } from "./segment-cache.js";

/** One ffmpeg process writing a stream's segments into its own folder (decision 0060). */
export interface Run {
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

/** The stream a run publishes into: its cache key and folder. */
export interface RunTarget {
  key: string;
  dir: string;
}

export interface RunOptions {
  cache: Pick<SegmentCache, "add">;
  /** How often the run's playlist is read for finished segments (ms). */
  pollMs: number;
}

/**
 * Starts ffmpeg for `target` writing into `runDir`, from segment `start` (`only`: that one
 * segment). Finished segments are published while it runs and once more when it exits.
 */
export function spawnRun(
  target: RunTarget,
  options: RunOptions,
  ffmpeg: string,
  args: string[],
  runDir: string,
  start: number,
  only?: number,
): Run {
  const child = spawn(ffmpeg, args, { stdio: ["ignore", "ignore", "pipe"] });
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
  const poller = setInterval(() => void promote(target, options, run), options.pollMs);
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
    await collect(target, options, run);
  });
  return run;
}

/** Stops a run (SIGTERM, SIGKILL after 3 s unless `signal` says otherwise) and waits for its collection. */
export async function killRun(run: Run, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (run.exited) return;
  run.child.kill(signal);
  const timeout = setTimeout(() => run.child.kill("SIGKILL"), 3_000);
  await run.done;
  clearTimeout(timeout);
}

/**
 * Moves the run's whole segments into the stream's folder (a rename: a reader of an earlier
 * copy keeps its file). A segment is whole once the run's playlist lists it: ffmpeg rewrites
 * that playlist (`-hls_playlist_type event`) only after it has written the segment out, so a
 * name alone — which ffmpeg 4.1 writes progressively — is never trusted. After a good exit,
 * whatever is left is whole; a killed run's unlisted last segment is dropped with its folder.
 * The init segment moves with the first.
 */
function promote(target: RunTarget, options: RunOptions, run: Run, final = false): Promise<void> {
  const work = async () => {
    const name = (i: number) => path.join(run.dir, `${i}.m4s`);
    const playlist = await readFile(path.join(run.dir, "run.m3u8"), "utf8").catch(() => "");
    const listed = new Set(playlist.split("\n").filter((line) => line.endsWith(".m4s")));
    const whole = async (i: number) =>
      (run.only === undefined || i <= run.only) &&
      (listed.has(`${i}.m4s`) || (final && run.exitCode === 0)) &&
      (await exists(name(i)));
    while (await whole(run.next)) {
      if (run.next === run.start) await promoteInit(target, options, run);
      const published = path.join(target.dir, `${run.next}.m4s`);
      if (await moved(name(run.next), published)) await account(target, options, published);
      run.next++;
    }
  };
  const next = (run.promoting ?? Promise.resolve()).then(work, work);
  run.promoting = next;
  return next;
}

async function promoteInit(target: RunTarget, options: RunOptions, run: Run): Promise<void> {
  const own = path.join(run.dir, "init.mp4");
  const shared = path.join(target.dir, "init.mp4");
  if ((await exists(shared)) || !(await exists(own))) return;
  if (await moved(own, shared)) await account(target, options, shared);
}

/** Takes in what a run finished (a killed run's last, partial segment is dropped) and removes its folder. */
async function collect(target: RunTarget, options: RunOptions, run: Run): Promise<void> {
  await promote(target, options, run, true);
  await rm(run.dir, { recursive: true, force: true });
  run.collected = true;
}

async function account(target: RunTarget, options: RunOptions, file: string): Promise<void> {
  const s = await stat(file).catch(() => undefined);
  if (s) await options.cache.add(target.key, target.dir, s.size);
}

function moved(from: string, to: string): Promise<boolean> {
  return rename(from, to).then(
    () => true,
    () => false,
  );
}

export async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
