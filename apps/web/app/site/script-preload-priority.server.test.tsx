import { PassThrough } from "node:stream";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lowerModulePreloads, ScriptPreloadPriority } from "./script-preload-priority.server.js";

const HEAD =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.js" nonce="n"/><link rel="modulepreload" href="/assets/framework.js"/>' +
  "<title>Ünïcode</title></head>";
const BODY =
  '<body><pre>&lt;link rel="modulepreload"</pre><p><link rel="modulepreload" href="/late.js"/></p></body></html>';

/** Writes `chunks` through the stream and collects what comes out, and when flushes reached the compressor. */
async function run(chunks: Buffer[], { flushAfter }: { flushAfter?: number } = {}) {
  const flushedAt: number[] = [];
  const out: Buffer[] = [];
  const downstream = new PassThrough();
  downstream.on("data", (chunk: Buffer) => out.push(chunk));
  const page = new ScriptPreloadPriority(() => flushedAt.push(Buffer.concat(out).length));
  page.pipe(downstream);
  chunks.forEach((chunk, index) => {
    page.write(chunk);
    if (index === flushAfter) page.flush();
  });
  page.end();
  await new Promise((resolve) => downstream.on("end", resolve));
  return { html: Buffer.concat(out).toString("utf8"), flushedAt };
}

/** `text` cut into pieces of `size` bytes, a multibyte character cut in two among them. */
function pieces(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

describe("ScriptPreloadPriority", () => {
  it("asks for the head's module preloads at low priority and passes the body through as it is", async () => {
    for (const size of [1, 7, 64, 4096]) {
      const { html } = await run(pieces(HEAD + BODY, size));
      expect(html, `chunks of ${size}`).toBe(
        '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/>' +
          '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.js" nonce="n"/>' +
          '<link rel="modulepreload" fetchpriority="low" href="/assets/framework.js"/>' +
          `<title>Ünïcode</title></head>${BODY}`,
      );
    }
  });

  it("hands the compressor its flush after the bytes written before it", async () => {
    const chunks = pieces(HEAD + BODY, 32);
    const headChunks = Math.ceil(Buffer.byteLength(HEAD) / 32);
    const { html, flushedAt } = await run(chunks, { flushAfter: headChunks });
    expect(flushedAt).toEqual([
      Buffer.byteLength(lowerModulePreloads(HEAD)) + (headChunks + 1) * 32 - Buffer.byteLength(HEAD),
    ]);
    expect(html).toContain('fetchpriority="low" href="/assets/entry.js"');
  });

  it("lets a flush before the end of the head out at once, rewritten as far as it goes", async () => {
    const head = Buffer.from(HEAD);
    const { html, flushedAt } = await run([head.subarray(0, 120), head.subarray(120), Buffer.from(BODY)], {
      flushAfter: 0,
    });
    expect(flushedAt).toEqual([Buffer.byteLength(lowerModulePreloads(HEAD.slice(0, 120)))]);
    expect(html.length).toBeGreaterThan(HEAD.length);
  });

  it("waits with the flush while the compressor pushes back, so the flush follows the bytes", async () => {
    const flushes: number[] = [];
    let received = 0;
    const slow = new PassThrough({ highWaterMark: 1 });
    const page = new ScriptPreloadPriority(() => flushes.push(received));
    page.pipe(slow);
    page.write(Buffer.from(HEAD));
    page.write(Buffer.from(BODY));
    page.flush();
    expect(flushes).toEqual([]);
    slow.on("data", (chunk: Buffer) => {
      received += chunk.length;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushes).toEqual([Buffer.byteLength(lowerModulePreloads(HEAD) + BODY)]);
  });

  it("lets a head longer than 64 KiB through unchanged", async () => {
    const long = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js"/>${"<meta/>".repeat(10_000)}</head>`;
    const { html } = await run(pieces(long + BODY, 4096));
    expect(html).toBe(long + BODY);
  });

  it("matches the markup React writes for React Router's preload links", () => {
    const markup = renderToStaticMarkup(
      <link rel="modulepreload" href="/assets/x.js" crossOrigin="anonymous" />,
    );
    expect(lowerModulePreloads(markup)).toBe(
      '<link rel="modulepreload" fetchpriority="low" href="/assets/x.js" crossorigin="anonymous"/>',
    );
  });
});
