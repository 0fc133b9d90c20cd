import { NimbusError } from "@nimbus/protocol";
import type { ArchiveProgram } from "../../lib/media-tools.js";
import { runTool } from "../../lib/run-tool.js";

/** One entry as an archive tool reports it. */
export interface RawEntry {
  path: string;
  isDir: boolean;
  size: number;
  packedSize: number;
  encrypted: boolean;
  modifiedAt: number;
}

/**
 * 7-Zip asks on the terminal when no password is given; a password nobody uses
 * makes it fail instead, which for encrypted listings means "password needed".
 */
const NO_PASSWORD = "\u0001nimbus-no-password";
const LIST_TIMEOUT_MS = 120_000;

function sevenZipPassword(password: string | undefined): string {
  return `-p${password ?? NO_PASSWORD}`;
}

function parseDate(text: string | undefined): number {
  if (!text) return 0;
  const ms = Date.parse(`${text.trim().replace(" ", "T").slice(0, 19)}Z`);
  return Number.isNaN(ms) ? 0 : ms;
}

/** Parses `7zz l -slt`: blocks of `Key = value` lines after the `----------` line. */
export function parseSevenZipListing(output: string): RawEntry[] {
  const body = output.split(/^-{10}$/m)[1] ?? "";
  return body
    .split(/\n\s*\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.split("\n")) {
        const at = line.indexOf(" = ");
        if (at > 0) fields.set(line.slice(0, at), line.slice(at + 3));
      }
      return fields;
    })
    .filter((fields) => fields.has("Path"))
    .map((fields) => ({
      path: fields.get("Path") ?? "",
      isDir: fields.get("Folder") === "+" || (fields.get("Attributes") ?? "").includes("D"),
      size: Number(fields.get("Size") || 0),
      packedSize: Number(fields.get("Packed Size") || 0),
      encrypted: fields.get("Encrypted") === "+",
      modifiedAt: parseDate(fields.get("Modified")),
    }));
}

interface LsarEntry {
  XADFileName?: string;
  XADIsDirectory?: number;
  XADFileSize?: number;
  XADCompressedSize?: number;
  XADIsEncrypted?: number;
  XADLastModificationDate?: string;
}

/** Parses `lsar -j` (The Unarchiver's lister, used for rar). */
export function parseLsarListing(output: string): RawEntry[] {
  const json = JSON.parse(output) as { lsarContents?: LsarEntry[] };
  return (json.lsarContents ?? []).map((entry) => ({
    path: entry.XADFileName ?? "",
    isDir: entry.XADIsDirectory === 1,
    size: Number(entry.XADFileSize ?? 0),
    packedSize: Number(entry.XADCompressedSize ?? 0),
    encrypted: entry.XADIsEncrypted === 1,
    modifiedAt: parseDate(entry.XADLastModificationDate),
  }));
}

function toolFailure(output: string, password: string | undefined): NimbusError {
  if (/wrong password|encrypted archive|incorrect password/i.test(output)) {
    return new NimbusError(password === undefined ? "archive_password_required" : "archive_password_invalid");
  }
  return new NimbusError("archive_damaged", output.trim().split("\n").slice(-3).join(" ").slice(0, 300));
}

/**
 * Lists an archive with the program `MediaTools.archiveProgram` chose for its format:
 * 7-Zip (`l -slt`) or The Unarchiver's `lsar -j`.
 */
export async function listArchive(
  program: ArchiveProgram,
  file: string,
  password?: string,
): Promise<RawEntry[]> {
  if (program.kind === "unar") {
    const args = ["-j", ...(password === undefined ? [] : ["-p", password]), file];
    const result = await runTool(program.lsar, args, { timeoutMs: LIST_TIMEOUT_MS });
    if (result.code !== 0) throw toolFailure(result.stdout.toString() + result.stderr, password);
    return parseLsarListing(result.stdout.toString("utf8"));
  }
  const args = ["l", "-slt", "-sccUTF-8", sevenZipPassword(password), "--", file];
  const result = await runTool(program.command, args, { timeoutMs: LIST_TIMEOUT_MS });
  if (result.code !== 0) throw toolFailure(result.stdout.toString() + result.stderr, password);
  return parseSevenZipListing(result.stdout.toString("utf8"));
}

/**
 * Checks a password against one encrypted entry (listing alone cannot tell
 * when only contents are encrypted): `archive_password_invalid` when wrong.
 */
export async function checkPassword(program: ArchiveProgram, file: string, entry: string, password: string) {
  if (program.kind === "unar") return; // checked by the extraction itself
  const args = ["t", "-spd", "-sccUTF-8", `-p${password}`, "--", file, entry];
  const result = await runTool(program.command, args, {
    timeoutMs: LIST_TIMEOUT_MS,
    maxOutputBytes: 1024 * 1024,
  });
  if (result.code !== 0) {
    const output = result.stdout.toString() + result.stderr;
    throw /wrong password/i.test(output)
      ? new NimbusError("archive_password_invalid")
      : toolFailure(output, password);
  }
}

/** Extracts everything into `dir` (which must be empty and private). */
export async function extractArchive(
  program: ArchiveProgram,
  file: string,
  dir: string,
  password: string | undefined,
  signal: AbortSignal,
): Promise<void> {
  const [command, args] =
    program.kind === "unar"
      ? [
          program.unar,
          ["-q", "-D", "-f", "-o", dir, ...(password === undefined ? [] : ["-p", password]), file],
        ]
      : [program.command, ["x", "-y", "-sccUTF-8", `-o${dir}`, sevenZipPassword(password), "--", file]];
  const result = await runTool(command, args, {
    timeoutMs: 60 * 60_000,
    signal,
    maxOutputBytes: 1024 * 1024,
  });
  if (result.code !== 0) {
    const output = result.stdout.toString() + result.stderr;
    if (program.kind === "unar" && /checksum|password/i.test(output) && password !== undefined) {
      throw new NimbusError("archive_password_invalid");
    }
    throw toolFailure(output, password);
  }
}
