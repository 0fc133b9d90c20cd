import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { NimbusError } from "@nimbus/protocol";
import { runTool } from "../../lib/run-tool.js";

/** A subtitle file larger than this is no subtitle: refused rather than converted. */
export const MAX_SUBTITLE_FILE_BYTES = 16 * 1024 * 1024;
/** The most WebVTT one conversion may write. */
const MAX_WEBVTT_BYTES = 32 * 1024 * 1024;

/** Where one WebVTT comes from: a subtitle stream of a media blob, or a whole subtitle file's blob. */
export type WebVttSource =
  | {
      kind: "stream";
      gcid: string;
      index: number;
      /**
       * The blob's other text subtitle streams: those not made yet are converted in the same
       * ffmpeg run, which reads the whole file once however many tracks it writes.
       */
      together?: readonly number[];
      open(): Promise<{ path: string; release(): Promise<void> }>;
    }
  | {
      kind: "file";
      gcid: string;
      format: string;
      /** The language its name gives (ISO 639-2/B, '' none): picks the legacy charset of a non-UTF-8 file. */
      language: string;
      open(): Promise<{ path: string; release(): Promise<void> }>;
    };

export interface WebVtt {
  /** The cached file. */
  path: string;
  size: number;
  /** Names the content: the blob and the stream. */
  etag: string;
}

const SAFE_KEY = /^[A-Za-z0-9_-]{1,128}$/;

/** The cache file's name: by blob and stream, never by user, so every viewer of the bytes shares it. */
export function cacheKey(source: Pick<WebVttSource, "kind" | "gcid"> & { index?: number }): string {
  if (!SAFE_KEY.test(source.gcid)) throw new NimbusError("file_not_found", "unexpected blob key");
  return source.kind === "stream" ? `${source.gcid}.s${source.index}` : `${source.gcid}.file`;
}

/** The legacy code page subtitles of a language were usually saved in, before UTF-8. */
const LEGACY_CHARSETS: Readonly<Record<string, string>> = {
  chi: "GB18030",
  jpn: "SHIFT_JIS",
  kor: "CP949",
  rus: "CP1251",
  ukr: "CP1251",
  bul: "CP1251",
  srp: "CP1251",
  mac: "CP1251",
  bel: "CP1251",
  ara: "CP1256",
  per: "CP1256",
  gre: "CP1253",
  heb: "CP1255",
  tur: "CP1254",
  tha: "CP874",
  vie: "CP1258",
  pol: "CP1250",
  cze: "CP1250",
  slo: "CP1250",
  hun: "CP1250",
  hrv: "CP1250",
  slv: "CP1250",
  rum: "CP1250",
};

/**
 * The `-sub_charenc` a subtitle file needs: none for UTF-8 (or UTF-16 with its BOM, which
 * ffmpeg reads itself), else the legacy code page of its language (Windows-1252 when unknown).
 * ffmpeg refuses text that is not UTF-8 without it ("Invalid UTF-8 in decoded subtitles text").
 */
export function subtitleCharset(bytes: Buffer, language: string): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return undefined;
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return undefined;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return undefined;
  } catch {
    return LEGACY_CHARSETS[language] ?? "CP1252";
  }
}

/** Whether bytes already are WebVTT (after an optional BOM): passed through as they are. */
export function isWebVtt(bytes: Buffer): boolean {
  const text = bytes
    .subarray(0, 16)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  return /^WEBVTT($|[ \t\r\n])/.test(text);
}

/**
 * WebVTT made with ffmpeg on first demand and kept on disk under `dir` (decision 0060):
 * `-map 0:<index> -c:s webvtt -f webvtt` for an embedded text stream, the whole file for a
 * sidecar SubRip/ASS/SSA; a WebVTT file is passed through. One conversion at a time per
 * key; a source that cannot be converted (an image subtitle, a broken file) is remembered
 * as such (`.failed`) and answers `subtitle_not_convertible` without running ffmpeg again.
 */
export class WebVttCache {
  private readonly running = new Map<string, Promise<WebVtt>>();

  constructor(
    private readonly dir: string,
    private readonly ffmpeg: () => string | undefined,
  ) {}

  async get(source: WebVttSource): Promise<WebVtt> {
    const key = cacheKey(source);
    const file = path.join(this.dir, `${key}.vtt`);
    const cached = await sizeOf(file);
    if (cached !== undefined) return { path: file, size: cached, etag: `"${key}"` };
    if ((await sizeOf(`${file}.failed`)) !== undefined) throw notConvertible(key);
    let job = this.running.get(key);
    if (!job && source.kind === "stream" && (source.together?.length ?? 0) > 0) {
      await this.startTogether(source);
      job = this.running.get(key);
    }
    if (!job) {
      job = this.make(source, key, file).finally(() => this.running.delete(key));
      this.running.set(key, job);
    }
    return job;
  }

  /**
   * One ffmpeg run for every text stream of the blob not made yet (at least two), each
   * registered as running; a stream the run did not write is then made alone, so one bad
   * track costs the others nothing but a second pass.
   */
  private async startTogether(source: Extract<WebVttSource, { kind: "stream" }>): Promise<void> {
    const wanted: { index: number; key: string; file: string }[] = [];
    for (const index of new Set([source.index, ...(source.together ?? [])])) {
      const key = cacheKey({ kind: "stream", gcid: source.gcid, index });
      const file = path.join(this.dir, `${key}.vtt`);
      if (this.running.has(key) || (await sizeOf(file)) !== undefined) continue;
      if ((await sizeOf(`${file}.failed`)) !== undefined) continue;
      wanted.push({ index, key, file });
    }
    if (wanted.length < 2) return;
    const run = this.extractTogether(source, wanted);
    for (const item of wanted) {
      if (this.running.has(item.key)) continue;
      const alone = { kind: "stream", gcid: source.gcid, index: item.index, open: source.open } as const;
      const job = run
        .then(async (): Promise<WebVtt> => {
          const size = await sizeOf(item.file);
          if (size !== undefined) return { path: item.file, size, etag: `"${item.key}"` };
          return this.make(alone, item.key, item.file);
        })
        .finally(() => this.running.delete(item.key));
      // Made for whoever asks later: nobody may be waiting on a track that then fails.
      job.catch(() => {});
      this.running.set(item.key, job);
    }
  }

  /** Writes each stream's WebVTT that came out valid; never throws (the streams are then made alone). */
  private async extractTogether(
    source: Extract<WebVttSource, { kind: "stream" }>,
    wanted: readonly { index: number; file: string }[],
  ): Promise<void> {
    const ffmpeg = this.ffmpeg();
    if (!ffmpeg) return;
    await mkdir(this.dir, { recursive: true });
    const local = await source.open().catch(() => undefined);
    if (!local) return;
    const parts = wanted.map((item) => ({ ...item, partial: `${item.file}.${randomUUID()}.part` }));
    try {
      const outputs = parts.flatMap((p) => [
        "-map",
        `0:${p.index}`,
        "-c:s",
        "webvtt",
        "-f",
        "webvtt",
        "-y",
        p.partial,
      ]);
      const args = ["-v", "error", "-nostdin", "-copyts", "-i", local.path, ...outputs];
      const result = await runTool(ffmpeg, args, RUN_OPTIONS).catch(() => undefined);
      if (result?.code !== 0) return;
      for (const part of parts) if (await isValidOutput(part.partial)) await rename(part.partial, part.file);
    } finally {
      for (const part of parts) await rm(part.partial, { force: true });
      await local.release();
    }
  }

  private async make(source: WebVttSource, key: string, file: string): Promise<WebVtt> {
    await mkdir(this.dir, { recursive: true });
    const partial = `${file}.${randomUUID()}.part`;
    const local = await source.open();
    try {
      const made = await this.convert(source, local.path, partial);
      if (made !== "made") {
        // A verdict on the source is kept; a run killed (its time limit) may do better next time.
        if (made === "refused") await writeFile(`${file}.failed`, "");
        throw notConvertible(key);
      }
      await rename(partial, file);
    } finally {
      await rm(partial, { force: true });
      await local.release();
    }
    return { path: file, size: (await sizeOf(file)) ?? 0, etag: `"${key}"` };
  }

  /**
   * Writes `out`: "made"; "refused" when the source is not a subtitle ffmpeg can turn into
   * WebVTT; "stopped" when ffmpeg was killed (a signal, e.g. the time limit) before it said.
   */
  private async convert(
    source: WebVttSource,
    input: string,
    out: string,
  ): Promise<"made" | "refused" | "stopped"> {
    let charset: string | undefined;
    if (source.kind === "file") {
      const size = (await sizeOf(input)) ?? 0;
      if (size > MAX_SUBTITLE_FILE_BYTES) return "refused";
      const bytes = await readFile(input);
      charset = subtitleCharset(bytes, source.language);
      if (!charset && isWebVtt(bytes)) {
        await writeFile(out, bytes);
        return "made";
      }
    }
    const ffmpeg = this.ffmpeg();
    if (!ffmpeg) throw new NimbusError("preview_not_set_up", "ffmpeg is not installed");
    const map = source.kind === "stream" ? ["-map", `0:${source.index}`] : ["-map", "0:s:0"];
    // -copyts: cue times stay the source's (without it ffmpeg shifts them by the file's start
    // time, e.g. +23 ms for AAC priming), the clock the video plays on, direct or through HLS.
    const decode = charset ? ["-sub_charenc", charset] : [];
    const inputArgs = ["-v", "error", "-nostdin", "-copyts", ...decode, "-i", input];
    const args = [...inputArgs, ...map, "-c:s", "webvtt", "-f", "webvtt", "-y", out];
    const result = await runTool(ffmpeg, args, RUN_OPTIONS);
    if (result.code >= 128) return "stopped";
    return result.code === 0 && (await isValidOutput(out)) ? "made" : "refused";
  }
}

const RUN_OPTIONS = { timeoutMs: 10 * 60_000, maxOutputBytes: 1024 * 1024 };

/** ffmpeg's output is kept when it is WebVTT of a sane size. */
async function isValidOutput(out: string): Promise<boolean> {
  const size = await sizeOf(out);
  if (size === undefined || size > MAX_WEBVTT_BYTES) return false;
  return isWebVtt(await readFile(out));
}

function notConvertible(key: string): NimbusError {
  return new NimbusError("subtitle_not_convertible", `no WebVTT from ${key}`);
}

async function sizeOf(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).size;
  } catch {
    return undefined;
  }
}
