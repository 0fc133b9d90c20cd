import { createHash } from "node:crypto";
import { mkdir, open, stat } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { NimbusError } from "@nimbus/protocol";
import { BatchedFileWriter } from "./batched-file-writer.js";
import { dispositionFileName, urlFileName } from "./content-disposition.js";
import { discard, GuardedGet, type RawReceiver } from "./guarded-get.js";
import type { FetchOptions, OfflineLink, OfflineManifest, OfflineSource } from "./offline-source.js";
import { SlabFileWriter } from "./slab-file-writer.js";
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
  /** Certificates trusted besides the system's (tests: a self-signed loopback server). */
  ca?: string;
}

interface Answer {
  url: string;
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: IncomingMessage;
  takeOver(receiver: RawReceiver): Buffer[];
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
    this.client = new GuardedGet(options.guard, options.ca);
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
    const onWritten = (end: number) => {
      if (total !== undefined) options.onWritten?.(target, total, end);
    };
    // A body of known length is read from the socket into the writer's slabs (decision 0083);
    // any other through the HTTP parser's `data` events.
    const raw = Number.isSafeInteger(length) && length >= 0 && !header(answer.headers, "transfer-encoding");
    const writer = raw
      ? new SlabFileWriter(handle, start, onWritten)
      : new BatchedFileWriter(handle, start, onWritten);
    let received = { position: start, speed: 0 };
    try {
      received =
        writer instanceof SlabFileWriter
          ? await this.receiveRaw(answer, writer, start, start + length, options)
          : await this.receive(answer.body, writer, start, total, options);
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
    const meter = new Meter(start, total, this.options.bandwidthBytesPerSecond, options);
    return new Promise((resolve, reject) => {
      const fail = (error: unknown) => {
        body.destroy();
        reject(error);
      };
      body.on("data", (chunk: Buffer) => {
        const rest = meter.count(chunk.length);
        if (max > 0 && meter.position > max) {
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
        if (rest > 0 && !body.isPaused()) {
          body.pause();
          setTimeout(() => body.resume(), rest);
        }
      });
      body.once("error", fail);
      body.once("aborted", () => fail(new Error("the connection closed early")));
      body.once("end", () => resolve({ position: meter.position, speed: meter.speed }));
      // Closed while the file was being opened: its `aborted` has gone by (and what it held with it).
      if (body.destroyed && !body.complete) fail(new Error("the connection closed early"));
    });
  }

  /**
   * Reads the rest of `answer`'s body (to `total`) from its socket into `writer`'s slabs
   * (`GuardedAnswer.takeOver`), pausing the socket while every slab waits for its write or the
   * bandwidth cap wants a rest; reports progress about once a second. Resolves with the end
   * offset and last speed once `total` bytes are in; the connection is then closed.
   */
  private receiveRaw(
    answer: Answer,
    writer: SlabFileWriter,
    start: number,
    total: number,
    options: FetchOptions,
  ): Promise<{ position: number; speed: number }> {
    const body = answer.body;
    const socket = body.socket;
    const meter = new Meter(start, total, this.options.bandwidthBytesPerSecond, options);
    return new Promise((resolve, reject) => {
      if (!socket) return reject(new Error("the connection closed early"));
      let settled = false;
      let full = false;
      let resting = false;
      const settle = (error?: unknown) => {
        if (settled) return;
        settled = true;
        socket.off("close", closed);
        // Read to its end or abandoned: the connection is not reused either way.
        discard(body);
        if (error) reject(error);
        else resolve({ position: meter.position, speed: meter.speed });
      };
      const closed = () =>
        settle(
          options.signal.reason ?? new Error(`connection closed at ${meter.position} of ${total} bytes`),
        );
      const resume = () => {
        if (!full && !resting && !settled) socket.resume();
      };
      const receiver: RawReceiver = {
        room: () => writer.room(),
        received: (bytes, inRoom) => {
          if (settled) return;
          const take = Math.min(bytes.length, total - meter.position);
          writer.received(take < bytes.length ? bytes.subarray(0, take) : bytes, inRoom);
          const rest = meter.count(take);
          if (writer.error) return settle(writer.error);
          if (meter.position === total) return settle();
          if (!writer.hasRoom && !full) {
            full = true;
            socket.pause();
            writer.onRoom(() => {
              full = false;
              if (writer.error) settle(writer.error);
              else resume();
            });
          }
          if (rest > 0 && !resting) {
            resting = true;
            socket.pause();
            setTimeout(() => {
              resting = false;
              resume();
            }, rest);
          }
        },
      };
      socket.once("close", closed);
      for (const chunk of answer.takeOver(receiver)) receiver.received(chunk, false);
      if (meter.position === total) settle();
      // Closed while the file was being opened: its `close` has gone by.
      else if (socket.destroyed) closed();
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
      return {
        url: current,
        statusCode: answer.statusCode,
        headers: answer.headers,
        body: answer.body,
        takeOver: answer.takeOver,
      };
    }
    throw new NimbusError("offline_fetch_failed", "too many redirects");
  }
}

/**
 * Counts a body's bytes: reports progress about once a second (speed over the last few
 * seconds) and says how long the bandwidth cap wants the socket rested.
 */
class Meter {
  position: number;
  speed = 0;
  private lastReport = 0;
  private windowStart = Date.now();
  private windowBytes = 0;

  constructor(
    start: number,
    private readonly total: number | undefined,
    private readonly rate: number,
    private readonly options: FetchOptions,
  ) {
    this.position = start;
  }

  /** Counts `bytes` more; returns the milliseconds to rest (0: none). */
  count(bytes: number): number {
    this.position += bytes;
    this.windowBytes += bytes;
    const now = Date.now();
    if (now - this.lastReport >= PROGRESS_EVERY_MS) this.report(now);
    if (this.rate <= 0) return 0;
    return Math.max(0, (this.windowBytes / this.rate) * 1000 - (now - this.windowStart));
  }

  private report(now: number): void {
    const elapsed = now - this.windowStart;
    this.speed = elapsed > 0 ? Math.round((this.windowBytes * 1000) / elapsed) : this.speed;
    this.lastReport = now;
    this.options.onProgress({
      bytes: this.position,
      ...(this.total !== undefined && { total: this.total }),
      speed: this.speed,
    });
    if (elapsed > 3000) {
      this.windowStart = now;
      this.windowBytes = 0;
    }
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
