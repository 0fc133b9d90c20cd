import { Transform, type TransformCallback } from "node:stream";

const MODULE_PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_MODULE_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';
const HEAD_END = Buffer.from("</head>");
const EMPTY = Buffer.alloc(0);
/** A head longer than this goes out unchanged: the page is never held back for a rewrite. */
const MAX_HEAD_BYTES = 64 * 1024;

/**
 * A rendered page with its script preloads asked for at low priority (decision 0088).
 *
 * The page is server-rendered: it paints from the document and its stylesheets, and its
 * scripts only hydrate what is already on screen. React Router's `<Scripts />` emits a
 * `modulepreload` for each of the page's ~15 modules, which browsers fetch at high
 * priority, beside the stylesheets, and `<Scripts />` has no prop for their priority
 * (React itself marks its own bootstrap modules `fetchpriority="low"` for the same reason).
 * This stream rewrites those links in the document's `<head>` as React flushes it, and
 * passes everything after `</head>` through untouched. React calls `flush()` on its
 * destination when a part of the page is ready; the call goes on to `downstreamFlush`
 * (the page's compressor), after the head held so far has been written.
 */
export class ScriptPreloadPriority extends Transform {
  /** The start of the page up to its `</head>`, held to be rewritten; undefined once let go. */
  #held: Buffer | undefined = EMPTY;
  #flushWaiting = false;

  constructor(private readonly downstreamFlush?: () => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.#held === undefined) {
      callback(null, chunk);
      return;
    }
    const held = Buffer.concat([this.#held, chunk]);
    const end = held.indexOf(HEAD_END);
    if (end !== -1) {
      const headEnd = end + HEAD_END.length;
      this.#release(held.subarray(0, headEnd), held.subarray(headEnd));
    } else if (held.length > MAX_HEAD_BYTES) {
      this.#release(EMPTY, held);
    } else {
      this.#held = held;
    }
    callback();
  }

  override _flush(callback: TransformCallback): void {
    this.#releaseHeld();
    callback();
  }

  /**
   * React's flush: what it has written must reach the client now, head or not. The
   * compressor's flush is queued behind the bytes it has been given, so it waits until
   * the bytes this stream holds (the compressor was pushing back) have been handed on.
   */
  flush(): void {
    this.#releaseHeld();
    if (this.#flushWaiting) return;
    if (this.readableLength === 0) {
      this.downstreamFlush?.();
      return;
    }
    this.#flushWaiting = true;
    const afterHandOver = () => {
      if (this.readableLength > 0) return;
      this.off("data", afterHandOver);
      this.#flushWaiting = false;
      this.downstreamFlush?.();
    };
    this.on("data", afterHandOver);
  }

  /** Lets what is held go as it is (rewritten as far as it goes): the page ended, or must reach the client now. */
  #releaseHeld(): void {
    if (this.#held !== undefined) this.#release(this.#held, EMPTY);
  }

  #release(head: Buffer, rest: Buffer): void {
    this.#held = undefined;
    if (head.length > 0) this.push(Buffer.from(lowerModulePreloads(head.toString("utf8"))));
    if (rest.length > 0) this.push(rest);
  }
}

/** The HTML with every `<link rel="modulepreload"` asking for low priority. */
export function lowerModulePreloads(html: string): string {
  return html.replaceAll(MODULE_PRELOAD, LOW_PRIORITY_MODULE_PRELOAD);
}
