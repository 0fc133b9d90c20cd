import { PassThrough } from "node:stream";
import { type BrotliCompress, constants, createBrotliCompress, createGzip, type Gzip } from "node:zlib";
import { type ContentCoding, preferredContentCoding } from "@nimbus/protocol";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, ServerRouter } from "react-router";
import { pageCacheControl } from "./site/page-cache.js";
import { ScriptPreloadPriority } from "./site/script-preload-priority.server.js";

export const streamTimeout = 5_000;

/**
 * A page's compressor. React flushes it (it calls a destination's `flush()`) when a
 * part of the page is ready, so compression never holds the shell back.
 */
function encoderFor(coding: ContentCoding): BrotliCompress | Gzip {
  return coding === "br"
    ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : createGzip();
}

/** The page's HTML on its way to `destination`, its script preloads at low priority (decision 0088). */
function withLowPriorityScripts(
  destination: NodeJS.WritableStream,
  flush?: () => void,
): ScriptPreloadPriority {
  const page = new ScriptPreloadPriority(flush);
  page.pipe(destination);
  return page;
}

const STATUS_TEXT: Record<number, string> = {
  403: "Forbidden",
  404: "Not Found",
  500: "Internal Server Error",
};

/**
 * Server rendering of every page. Bots wait for the complete HTML; a failed page
 * (404 or a fatal error) is answered to a bot as a plain status, never the error
 * page (spec §2). Scripts carry the nonce of the page's Content-Security-Policy,
 * which the server hands over in the load context. Pages go out compressed (brotli or
 * gzip) when the browser accepts it, their script preloads at low priority.
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> | Response {
  const nonce = loadContext.cspNonce || undefined;
  const userAgent = request.headers.get("user-agent");
  const bot = Boolean(userAgent && isbot(userAgent));
  if (request.method.toUpperCase() === "HEAD") {
    headers.set("Cache-Control", pageCacheControl(new URL(request.url).pathname, status));
    return new Response(null, { status, headers });
  }
  if (bot && status >= 400) {
    return new Response(`${status} ${STATUS_TEXT[status] ?? "Error"}\n`, {
      status,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }

  return new Promise((resolve, reject) => {
    let statusCode = status;
    let timeout: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [bot || routerContext.isSpaMode ? "onAllReady" : "onShellReady"]() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              timeout = undefined;
              callback();
            },
          });
          headers.set("Content-Type", "text/html; charset=utf-8");
          headers.set("Cache-Control", pageCacheControl(new URL(request.url).pathname, statusCode));
          headers.append("Vary", "Accept-Encoding");
          const coding = preferredContentCoding(request.headers.get("accept-encoding"));
          if (coding) {
            const encoder = encoderFor(coding);
            headers.set("Content-Encoding", coding);
            encoder.pipe(body);
            pipe(withLowPriorityScripts(encoder, () => encoder.flush()));
          } else {
            pipe(withLowPriorityScripts(body));
          }
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status: statusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          statusCode = 500;
          console.error(error);
        },
      },
    );
  });
}
