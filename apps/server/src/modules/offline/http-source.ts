import { createHash } from "node:crypto";
import { mkdir, open, stat } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { NimbusError } from "@nimbus/protocol";
import { BatchedFileWriter } from "./batched-file-writer.js";
import { dispositionFileName, urlFileName } from "./content-disposition.js";
import { discard, GuardedGet } from "./guarded-get.js";
import type { FetchOptions, OfflineLink, OfflineManifest, OfflineSource } from "./offline-source.js";
import type { SsrfGuard } from "./ssrf-guard.js";

/** Redirects followed per request; each hop is checked again. */
export const MAX_REDIRECTS = 5;
/** Attempts of one fetch when the connection drops (with backoff between them). */
const MAX_TRIES = 5;
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000];
/** Progress reports at most this often. */
const PROGRESS_EVERY_MS = 1000;

export interface HttpSourceOptions {
  guard: SsrfGuard;
  /** Largest total size accepted (0: no cap). */
  maxBytes: number;
  /** Bytes per second read from the network (0: unlimited). */
  bandwidthBytesPerSecond: number;
  userAgent?: string;
}

interface Answer {
  url: string;
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: IncomingMessage;
}

function header(headers: Answer["headers"], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Web links (`http://`, `https://`) fetched with `node:http`/`node:https` through the SSRF
 * guard (decision 0080: undici's body was the floor under the cloud-download target).
 */
export class HttpSource implements OfflineSource {
  private readonly client: GuardedGet;

  constructor(private readonly options: HttpSourceOptions) {
    this.client = new GuardedGet(options.guard);
  }

  accepts(link: OfflineLink): boolean {
    return link.kind === "url" && /^https?:\/\//i.test(link.url);
  }

  async inspect(link: OfflineLink, signal: AbortSignal): Promise<OfflineManifest> {
    if (link.kind !== "url") throw new NimbusError("offline_link_unsupported");
    const answer = await this.open(link.url, {}, signal);
    discard(answer.body);
    if (answer.statusCode >= 400) {
      throw new NimbusError("offline_fetch_failed", `the server answered ${answer.statusCode}`, {
        metadata: { status: String(answer.statusCode) },
      });
    }
    const length = Number(header(answer.headers, "content-length"));
    const size = Number.isSafeInteger(length) && length >= 0 ? length : undefined;
    if (size !== undefined && this.options.maxBytes > 0 && size > this.options.maxBytes) {
      throw new NimbusError("file_too_large", "larger than OFFLINE_MAX_BYTES", {
        params: { limit: this.options.maxBytes },
      });
    }
    const name =
      dispositionFileName(header(answer.headers, "content-disposition")) ??
      urlFileName(answer.url) ??
      urlFileName(link.url) ??
      new URL(answer.url).hostname;
    const etag = header(answer.headers, "etag");
    const lastModified = header(answer.headers, "last-modified");
    const strongEtag = etag && !etag.startsWith("W/") ? etag : undefined;
    const validator = strongEtag ?? lastModified;
    const mimeType = header(answer.headers, "content-type")?.split(";")[0]?.trim();
    return {
      name,
      folder: false,
      files: [{ index: 0, path: [name], ...(size !== undefined && { size }) }],
      ...(size !== undefined && { totalSize: size }),
      ...(validator &&
        size !== undefined && {
          contentKey: `url:${createHash("sha256").update(`${answer.url}\n${validator}\n${size}`).digest("hex")}`,
        }),
      ...(mimeType && { mimeType }),
    };
  }

  async fetch(link: OfflineLink, manifest: OfflineManifest, options: FetchOptions): Promise<void> {
    if (link.kind !== "url") throw new NimbusError("offline_link_unsupported");
    const file = manifest.files[0];
    if (!file) throw new NimbusError("offline_fetch_failed", "nothing to fetch");
    const target = path.join(options.dir, ...file.path);
    await mkdir(path.dirname(target), { recursive: true });
    let lastError: unknown;
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      if (options.signal.aborted) throw options.signal.reason ?? new Error("aborted");
      try {
        await this.fetchOnce(link.url, target, file.size, options);
        return;
      } catch (error) {
        if (error instanceof NimbusError || options.signal.aborted) throw error;
        lastError = error;
        await sleep(BACKOFF_MS[attempt] ?? 8000, undefined, { signal: options.signal }).catch(
          () => undefined,
        );
      }
    }
    throw new NimbusError("offline_fetch_failed", `the connection kept failing: ${String(lastError)}`);
  }

  async close(): Promise<void> {
    this.client.close();
  }

  /** One GET, from the partial file's end when there is one (`Range`, validated by `If-Range`). */
  private async fetchOnce(
    url: string,
    target: string,
    size: number | undefined,
    options: FetchOptions,
  ): Promise<void> {
    const have = (await stat(target).catch(() => undefined))?.size ?? 0;
    if (size !== undefined && have === size) return;
    const validator = await readValidator(target);
    const headers: Record<string, string> = {};
    if (have > 0 && (size === undefined || have < size)) {
      headers.range = `bytes=${have}-`;
      if (validator) headers["if-range"] = validator;
    }
    const answer = await this.open(url, headers, options.signal);
    const partial = answer.statusCode === 206 && have > 0;
    if (answer.statusCode !== 200 && !partial) {
      discard(answer.body);
      if (answer.statusCode === 416 && size !== undefined && have >= size) return;
      throw new NimbusError("offline_fetch_failed", `the server answered ${answer.statusCode}`, {
        metadata: { status: String(answer.statusCode) },
      });
    }
    const etag = header(answer.headers, "etag") ?? header(answer.headers, "last-modified");
    if (etag) await writeValidator(target, etag);
    const start = partial ? have : 0;
    const length = Number(header(answer.headers, "content-length"));
    const total = Number.isSafeInteger(length) ? start + length : size;
    const max = this.options.maxBytes;
    if (max > 0 && total !== undefined && total > max) {
      discard(answer.body);
      throw new NimbusError("file_too_large", "larger than OFFLINE_MAX_BYTES", { params: { limit: max } });
    }
    if (!partial) options.onRestart?.(target);
    const handle = await open(target, partial ? "r+" : "w");
    // One writev of all that arrived at a time, while the socket is read; each reported so the GCID is computed behind it.
    const writer = new BatchedFileWriter(handle, start, (end) => {
      if (total !== undefined) options.onWritten?.(target, total, end);
    });
    let received = { position: start, speed: 0 };
    try {
      received = await this.receive(answer.body, writer, start, total, options);
      await writer.end();
    } finally {
      // What was received stays on disk for a resume (written, not flushed).
      await writer.abort();
      await handle.close();
    }
    const { position, speed } = received;
    if (total !== undefined && position !== total) {
      throw new Error(`connection closed at ${position} of ${total} bytes`);
    }
    options.onProgress({ bytes: position, total: position, speed });
  }

  /**
   * Reads `body` into `writer` from its `data` events (no promise per chunk), pausing the
   * socket while the writer's queue is full or the bandwidth cap wants a rest; reports
   * progress about once a second. Resolves with the end offset and last speed when the body ends.
   */
  private receive(
    body: IncomingMessage,
    writer: BatchedFileWriter,
    start: number,
    total: number | undefined,
    options: FetchOptions,
  ): Promise<{ position: number; speed: number }> {
    const max = this.options.maxBytes;
    const rate = this.options.bandwidthBytesPerSecond;
    let position = start;
    let lastReport = 0;
    let windowStart = Date.now();
    let windowBytes = 0;
    let speed = 0;
    return new Promise((resolve, reject) => {
      const fail = (error: unknown) => {
        body.destroy();
        reject(error);
      };
      const report = (now: number) => {
        const elapsed = now - windowStart;
        speed = elapsed > 0 ? Math.round((windowBytes * 1000) / elapsed) : speed;
        lastReport = now;
        options.onProgress({ bytes: position, ...(total !== undefined && { total }), speed });
        if (elapsed > 3000) {
          windowStart = now;
          windowBytes = 0;
        }
      };
      body.on("data", (chunk: Buffer) => {
        position += chunk.length;
        windowBytes += chunk.length;
        if (max > 0 && position > max) {
          fail(
            new NimbusError("file_too_large", "larger than OFFLINE_MAX_BYTES", { params: { limit: max } }),
          );
          return;
        }
        if (!writer.push(chunk)) {
          if (writer.error) return fail(writer.error);
          body.pause();
          writer.onDrain(() => (writer.error ? fail(writer.error) : body.resume()));
        }
        const now = Date.now();
        if (rate > 0) {
          const due = (windowBytes / rate) * 1000 - (now - windowStart);
          if (due > 0 && !body.isPaused()) {
            body.pause();
            setTimeout(() => body.resume(), due);
          }
        }
        if (now - lastReport >= PROGRESS_EVERY_MS) report(now);
      });
      body.once("error", fail);
      body.once("aborted", () => fail(new Error("the connection closed early")));
      body.once("end", () => resolve({ position, speed }));
    });
  }

  /** Follows up to 5 redirects by hand, every hop checked by the guard (literal addresses here, names in the lookup). */
  private async open(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<Answer> {
    let current = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const parsed = new URL(current);
      if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
        throw new NimbusError("offline_link_unsupported", `redirected to ${parsed.protocol}`);
      }
      await this.options.guard.resolveAllowed(parsed.hostname);
      let answer: Awaited<ReturnType<GuardedGet["open"]>>;
      try {
        answer = await this.client.open(
          parsed,
          { "user-agent": this.options.userAgent ?? "Nimbus-CloudDownload/1.0", ...headers },
          signal,
        );
      } catch (error) {
        throw unwrapGuard(error);
      }
      const location = header(answer.headers, "location");
      if (answer.statusCode >= 300 && answer.statusCode < 400 && location) {
        discard(answer.body);
        current = new URL(location, current).href;
        continue;
      }
      return { url: current, statusCode: answer.statusCode, headers: answer.headers, body: answer.body };
    }
    throw new NimbusError("offline_fetch_failed", "too many redirects");
  }
}

/** A connection error may wrap the lookup's; the guard's refusal must reach the task as it is. */
function unwrapGuard(error: unknown): unknown {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (current instanceof NimbusError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return error;
}

/** The server's validator of a partial file, kept beside it (so a resume after a restart can send If-Range). */
async function readValidator(target: string): Promise<string | undefined> {
  const { readFile } = await import("node:fs/promises");
  const text = await readFile(`${target}.nimbus-validator`, "utf8").catch(() => "");
  return text || undefined;
}

async function writeValidator(target: string, validator: string): Promise<void> {
  const { writeFile } = await import("node:fs/promises");
  await writeFile(`${target}.nimbus-validator`, validator);
}
