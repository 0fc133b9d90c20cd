import { createHash } from "node:crypto";
import { once } from "node:events";
import { mkdir, open, stat } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { NimbusError } from "@nimbus/protocol";
import type { Agent, Dispatcher } from "undici";
import { UploadFileWriter } from "../uploads/upload-file-writer.js";
import { dispositionFileName, urlFileName } from "./content-disposition.js";
import type { FetchOptions, OfflineLink, OfflineManifest, OfflineSource } from "./offline-source.js";
import type { SsrfGuard } from "./ssrf-guard.js";

/** Redirects followed per request; each hop is checked again. */
export const MAX_REDIRECTS = 5;
/** Attempts of one fetch when the connection drops (with backoff between them). */
const MAX_TRIES = 5;
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000];
const HEADERS_TIMEOUT_MS = 30_000;
const BODY_TIMEOUT_MS = 60_000;
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
  body: Dispatcher.ResponseData["body"];
}

function header(headers: Answer["headers"], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Web links (`http://`, `https://`) fetched with undici through the SSRF guard. undici
 * is loaded with the first fetch, not when the server starts (issue #17: start-up).
 */
export class HttpSource implements OfflineSource {
  private client: Promise<{ agent: Agent; request: typeof import("undici").request }> | undefined;

  constructor(private readonly options: HttpSourceOptions) {}

  private undici() {
    this.client ??= import("undici").then(({ Agent, request }) => ({
      request,
      agent: new Agent({
        connect: { lookup: this.options.guard.connectLookup as never, timeout: 15_000 },
        headersTimeout: HEADERS_TIMEOUT_MS,
        bodyTimeout: BODY_TIMEOUT_MS,
        connections: 64,
      }),
    }));
    return this.client;
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
    if (this.client) await (await this.client).agent.close();
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
    // Few, big writes (1 MiB writev batches, flushed as they go), each reported so the GCID is computed behind them.
    const writer = new UploadFileWriter(handle, start, (end) => {
      if (total !== undefined) options.onWritten?.(target, total, end);
    });
    writer.on("error", () => undefined);
    let position = start;
    let lastReport = 0;
    let windowStart = Date.now();
    let windowBytes = 0;
    let speed = 0;
    const rate = this.options.bandwidthBytesPerSecond;
    try {
      for await (const chunk of answer.body as AsyncIterable<Buffer>) {
        if (!writer.write(chunk)) await once(writer, "drain");
        position += chunk.length;
        windowBytes += chunk.length;
        if (max > 0 && position > max) {
          throw new NimbusError("file_too_large", "larger than OFFLINE_MAX_BYTES", {
            params: { limit: max },
          });
        }
        const now = Date.now();
        const elapsed = now - windowStart;
        if (rate > 0) {
          const due = (windowBytes / rate) * 1000 - elapsed;
          if (due > 0) await sleep(due, undefined, { signal: options.signal });
        }
        if (now - lastReport >= PROGRESS_EVERY_MS) {
          speed = elapsed > 0 ? Math.round((windowBytes * 1000) / Math.max(elapsed, 1)) : speed;
          lastReport = now;
          options.onProgress({ bytes: position, ...(total !== undefined && { total }), speed });
          if (elapsed > 3000) {
            windowStart = now;
            windowBytes = 0;
          }
        }
      }
      await new Promise<void>((resolve, reject) =>
        writer.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
    } finally {
      // What was written stays for a resume; whatever was still queued is dropped with the writer.
      if (!writer.writableFinished) {
        writer.destroy();
        await writer.flush().catch(() => undefined);
      }
      await handle.close();
    }
    if (total !== undefined && position !== total) {
      throw new Error(`connection closed at ${position} of ${total} bytes`);
    }
    options.onProgress({ bytes: position, total: position, speed });
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
      const { agent, request } = await this.undici();
      let answer: Dispatcher.ResponseData;
      try {
        answer = await request(current, {
          dispatcher: agent,
          method: "GET",
          headers: { "user-agent": this.options.userAgent ?? "Nimbus-CloudDownload/1.0", ...headers },
          signal,
        });
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

/** Drops a body we will not read (its abort error is expected, not a fault). */
function discard(body: Dispatcher.ResponseData["body"]): void {
  body.on("error", () => undefined);
  body.destroy();
}

/** undici wraps the lookup's error; the guard's refusal must reach the task as it is. */
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
