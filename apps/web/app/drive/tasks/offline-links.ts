import type { DriveTask } from "@nimbus/protocol";

/** The most links one submit takes (one task each). */
export const MAX_LINKS = 50;

/**
 * The links of the dialog's text box: one per line (spaces between links also split),
 * trimmed, blanks and repeats left out, in the order pasted.
 */
export function splitLinks(text: string): string[] {
  const seen = new Set<string>();
  const links: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    // A magnet's display name may hold encoded spaces but never raw ones; web links neither.
    for (const part of line.trim().split(/\s+/)) {
      if (!part || seen.has(part)) continue;
      seen.add(part);
      links.push(part);
    }
  }
  return links;
}

/** Whether a link is a magnet or a dropped torrent: those show the file list to pick from. */
export function hasFileList(url: string): boolean {
  return /^magnet:/i.test(url) || url.startsWith("data:application/x-bittorrent");
}

/** A `.torrent` file by its name or type. */
export function isTorrentFile(file: { name: string; type?: string }): boolean {
  return /\.torrent$/i.test(file.name) || file.type === "application/x-bittorrent";
}

/** A dropped `.torrent` as the `data:` link the create call takes. */
export async function torrentDataUrl(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `data:application/x-bittorrent;base64,${btoa(binary)}`;
}

export type PhaseName = "pending" | "running" | "error" | "complete" | "paused" | "unknown";

/** The short name of a task's phase, for its label (`tasks.phase.<name>`) and its style. */
export function phaseName(phase: string): PhaseName {
  switch (phase) {
    case "PHASE_TYPE_PENDING":
      return "pending";
    case "PHASE_TYPE_RUNNING":
      return "running";
    case "PHASE_TYPE_ERROR":
      return "error";
    case "PHASE_TYPE_COMPLETE":
      return "complete";
    case "PHASE_TYPE_PAUSED":
      return "paused";
    default:
      return "unknown";
  }
}

/** Whether a task may still change by itself (the view polls while one is). */
export function isActive(task: Pick<DriveTask, "phase">): boolean {
  return task.phase === "PHASE_TYPE_PENDING" || task.phase === "PHASE_TYPE_RUNNING";
}

/** What a task row can do in its phase. */
export function taskActions(phase: string): {
  pause: boolean;
  resume: boolean;
  retry: boolean;
  open: boolean;
} {
  const name = phaseName(phase);
  return {
    pause: name === "pending" || name === "running",
    resume: name === "paused",
    retry: name === "error",
    open: name === "complete",
  };
}

/** A number from the task's string params (`speed`, `peers`, bytes); undefined when absent or not a number. */
export function numberParam(params: Record<string, unknown> | undefined, key: string): number | undefined {
  const raw = params?.[key];
  if (raw === undefined || raw === null || raw === "") return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** A task's progress as a whole percent in 0–100 (the server's, clamped). */
export function progressPercent(task: Pick<DriveTask, "progress" | "phase">): number {
  if (task.phase === "PHASE_TYPE_COMPLETE") return 100;
  const value = Math.round(Number(task.progress) || 0);
  return Math.min(100, Math.max(0, value));
}

/** One file of a torrent the user may keep. */
export interface ResourceFile {
  /** What the create call's `url.files` names. */
  index: string;
  path: string;
  size?: string;
}

/**
 * The `files` of the create call for a picked subset: undefined when everything is
 * picked (the server keeps all), else the picked indexes as strings.
 */
export function pickedFiles(all: readonly ResourceFile[], picked: ReadonlySet<string>): string[] | undefined {
  if (all.length === 0 || all.every((file) => picked.has(file.index))) return undefined;
  return all.filter((file) => picked.has(file.index)).map((file) => file.index);
}

/** Splits `items` into runs of at most `size` (the checker takes 20 links a call). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A failed task's `message` (the error name it failed with) → its reason and next step. */
const FAILURE_KEYS: Record<string, string> = {
  offline_fetch_failed: "tasks.failed.fetch",
  offline_fetch_timeout: "tasks.failed.timeout",
  offline_address_refused: "tasks.failed.address",
  offline_link_unsupported: "tasks.failed.link",
  offline_link_invalid: "tasks.failed.link",
  file_space_not_enough: "tasks.failed.space",
  task_interrupted: "tasks.failed.interrupted",
};

/** The catalogue key saying why a task failed and what to do; never the raw error name. */
export function failureKey(message: string): string {
  return Object.hasOwn(FAILURE_KEYS, message) ? (FAILURE_KEYS[message] as string) : "tasks.failed.other";
}
