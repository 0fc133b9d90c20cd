import { type ChildProcess, spawn } from "node:child_process";
import { NimbusError } from "@nimbus/protocol";

export interface ToolResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

export interface RunToolOptions {
  /** Killed (SIGKILL) after this long; default 5 minutes. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Most stdout bytes kept; the process is killed past it. Default 64 MiB. */
  maxOutputBytes?: number;
}

const NOT_FOUND = "nimbus-run-tool: not found";

/**
 * Runs the tool given as its arguments so that it cannot outlive this process,
 * even when this process is killed outright (SIGKILL, OOM killer), which no exit
 * handler sees and Node has no `prctl(PR_SET_PDEATHSIG)` for. Its standard input
 * is a pipe only this process writes to: the kernel closes it when this process
 * dies, whatever the cause, and the watcher reading it then kills the guard's
 * process group. The guard leads its own group (spawned detached), so timeouts
 * and aborts here also kill the tool and anything it started, as one.
 */
const GUARD = `
command -v "$1" >/dev/null 2>&1 || { echo "${NOT_FOUND}" >&2; exit 127; }
exec 3<&0
"$@" </dev/null 3<&- &
tool=$!
{ read -r _ <&3; kill -KILL 0; } >/dev/null 2>&1 &
watcher=$!
exec 3<&-
wait "$tool"
status=$?
kill "$watcher" 2>/dev/null
exit "$status"
`;

/** POSIX: the tool through the guard, in its own process group; elsewhere the tool itself. */
function start(command: string, args: readonly string[]): { child: ChildProcess; guarded: boolean } {
  if (process.platform === "win32") {
    return { child: spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] }), guarded: false };
  }
  const child = spawn("/bin/sh", ["-c", GUARD, "nimbus-tool", command, ...args], {
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
  });
  return { child, guarded: true };
}

/**
 * Runs an external tool (ffmpeg, ffprobe, 7zz, lsar…) with arguments passed as
 * an array (never interpreted by a shell), collecting its output with bounds on
 * time and size. Resolves with the exit code; rejects when it cannot start
 * (`preview_not_set_up` when the tool is not installed: a lasting fact about this
 * server, not a passing outage) or when `signal` aborts it.
 */
export function runTool(
  command: string,
  args: readonly string[],
  options: RunToolOptions = {},
): Promise<ToolResult> {
  const maxOutput = options.maxOutputBytes ?? 64 * 1024 * 1024;
  const { signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const { child, guarded } = start(command, args);
    const kill = () => {
      try {
        if (guarded && child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
        else child.kill("SIGKILL");
      } catch {
        // already gone
      }
    };
    const onAbort = () => kill();
    signal?.addEventListener("abort", onAbort, { once: true });
    // Never written to: it only tells the guard that this process is alive.
    child.stdin?.on("error", () => {});
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = "";
    const timer = setTimeout(kill, options.timeoutMs ?? 5 * 60_000);
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      child.stdin?.destroy();
    };
    child.stdout?.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxOutput) kill();
      else chunks.push(chunk);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString();
    });
    child.once("error", (error: NodeJS.ErrnoException) => {
      settle();
      reject(error.code === "ENOENT" ? notInstalled(command, error) : error);
    });
    child.once("close", (code, exitSignal) => {
      settle();
      if (signal?.aborted) reject(abortError(signal));
      else if (guarded && code === 127 && stderr.startsWith(NOT_FOUND)) reject(notInstalled(command));
      else resolve({ code: code ?? (exitSignal ? 128 : 1), stdout: Buffer.concat(chunks), stderr });
    });
  });
}

function notInstalled(command: string, cause?: unknown): NimbusError {
  return new NimbusError("preview_not_set_up", `${command} is not installed`, { cause });
}

function abortError(signal: AbortSignal): Error {
  return Object.assign(new Error("The tool was stopped", { cause: signal.reason }), { name: "AbortError" });
}
