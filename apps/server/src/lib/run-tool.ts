import { spawn } from "node:child_process";
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

/**
 * Runs an external tool (ffmpeg, ffprobe, 7zz, lsar…) with arguments passed as
 * an array (never through a shell), collecting its output with bounds on time
 * and size. Resolves with the exit code; rejects only when it cannot start
 * (`unavailable` when the tool is not installed).
 */
export function runTool(
  command: string,
  args: readonly string[],
  options: RunToolOptions = {},
): Promise<ToolResult> {
  const maxOutput = options.maxOutputBytes ?? 64 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], signal: options.signal });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 5 * 60_000);
    child.stdout.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxOutput) child.kill("SIGKILL");
      else chunks.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString();
    });
    child.once("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        error.code === "ENOENT"
          ? new NimbusError("unavailable", `${command} is not installed`, { cause: error })
          : error,
      );
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout: Buffer.concat(chunks), stderr });
    });
  });
}
