import { AsyncLocalStorage } from "node:async_hooks";
import { createReadStream, existsSync, readdirSync } from "node:fs";
import type { RequestListener } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import { NimbusError } from "@nimbus/protocol";
import type { IpBlocklist } from "../../modules/access/ip-blocklist.js";
import { newNonce, pagePolicy } from "../security-headers.js";
import type { NimbusApp } from "../types.js";
import { inviteCookie } from "./invite-cookie.js";
import { inProcessApi, type WebLoadContext } from "./load-context.js";
import { PageCookies } from "./page-cookies.js";
import { isApiPath } from "./paths.js";
import { WEB_ROOT } from "./web-root.js";

export type WebMode = "production" | "development" | "off";

/** What the Fastify handler knows of a page request and its loaders need. */
interface PageRequest {
  nonce: string;
  visitorAddress: string;
  /** False for a client navigation's data request. */
  document: boolean;
  /** Cookies for the page's answer beside React Router's own (loaders run before it writes its head). */
  cookies?: PageCookies;
}

/**
 * Serves the React Router app from this Fastify process: in production the
 * built server bundle and hashed client assets (immutable); in development Vite
 * in middleware mode with hot reload. HTML is never cached. API paths never
 * reach the web app: unknown ones keep answering the JSON error.
 */
export async function registerWeb(
  app: NimbusApp,
  mode: WebMode,
  blocklist: IpBlocklist,
  sources: { embedParentOrigins: readonly string[]; publicOrigin?: string } = { embedParentOrigins: [] },
  webRoot = WEB_ROOT,
): Promise<void> {
  if (mode === "off") return;
  // Each page's nonce and visitor address, from the Fastify handler to React Router's load context.
  const pageRequest = new AsyncLocalStorage<PageRequest>();
  const loadContext = (): WebLoadContext => {
    const page = pageRequest.getStore() ?? { nonce: "", visitorAddress: "127.0.0.1", document: true };
    return {
      cspNonce: page.nonce,
      apiFetch: inProcessApi(app, page.visitorAddress, (cookie) => page.cookies?.add(cookie)),
      documentRequest: page.document,
    };
  };
  const listener =
    mode === "production"
      ? await productionListener(app, webRoot, loadContext)
      : await developmentListener(app, webRoot, loadContext);

  await app.register(async (scope) => {
    // Bodies (form posts to route actions) reach React Router unread.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    scope.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      schema: { hide: true },
      handler: async (request, reply) => {
        const pathname = request.url.split("?")[0] ?? "/";
        if (isApiPath(pathname)) {
          throw new NimbusError("route_not_found", `no route ${request.method} ${pathname}`, {
            params: { method: request.method, path: pathname },
          });
        }
        // Spec §2: a page is not rendered when the visitor's address is blocked.
        if (blocklist.has(request.ip)) {
          return reply
            .code(403)
            .type("text/plain; charset=utf-8")
            .header("cache-control", "no-store")
            .send("403 Forbidden\n");
        }
        const nonce = newNonce();
        reply.hijack();
        reply.raw.setHeader(
          "content-security-policy",
          pagePolicy({ nonce, ...sources, development: mode === "development" }),
        );
        reply.raw.setHeader("cache-control", "no-store");
        reply.raw.setHeader("x-request-id", request.id);
        const cookies = new PageCookies();
        cookies.attachTo(reply.raw);
        const invite =
          request.method === "GET" ? inviteCookie(request.url, request.protocol === "https") : undefined;
        if (invite) cookies.add(invite);
        // React Router's client navigations ask for `<path>.data` (single fetch); its loaders see the page's URL.
        const document = !pathname.endsWith(".data");
        pageRequest.run({ nonce, visitorAddress: request.ip, document, cookies }, () =>
          listener(request.raw, reply.raw),
        );
      },
    });
  });
}

type LoadContextOf = () => WebLoadContext;

async function productionListener(
  app: NimbusApp,
  webRoot: string,
  getLoadContext: LoadContextOf,
): Promise<RequestListener> {
  const serverBuild = path.join(webRoot, "build/server/index.js");
  if (!existsSync(serverBuild)) throw new Error(`web build missing at ${serverBuild}: run npm run build`);
  const clientDir = path.join(webRoot, "build/client");
  // Hashed assets never change under their name; their brotli and gzip twins are
  // written at build time (scripts/precompress.mjs) and chosen by Accept-Encoding.
  await app.register(fastifyStatic, {
    root: path.join(clientDir, "assets"),
    prefix: "/assets/",
    preCompressed: true,
    immutable: true,
    maxAge: "365d",
    wildcard: true,
    decorateReply: false,
    index: false,
  });
  // Top-level files (favicon, robots.txt): short cache, they keep their names across releases.
  for (const entry of readdirSync(clientDir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(clientDir, entry.name);
    app.get(`/${entry.name}`, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header("cache-control", "public, max-age=3600")
        .type(contentType(entry.name))
        .send(createReadStream(file)),
    );
  }
  // The page renderer (React, React Router and every route's server code) loads with the
  // first page, not at start: readiness and API requests never wait for it (issue #17).
  let pages: Promise<RequestListener> | undefined;
  const loadPages = async (): Promise<RequestListener> => {
    const { createRequestListener } = await import("@react-router/node");
    const build = await import(pathToFileURL(serverBuild).href);
    return createRequestListener({ build, mode: "production", getLoadContext });
  };
  return (request, response) => {
    pages ??= loadPages().catch((error: unknown) => {
      pages = undefined;
      throw error;
    });
    pages.then(
      (listener) => listener(request, response),
      (error: unknown) => {
        app.log.error({ err: error }, "the web build failed to load");
        if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        response.end("500 Internal Server Error\n");
      },
    );
  };
}

async function developmentListener(
  app: NimbusApp,
  webRoot: string,
  getLoadContext: LoadContextOf,
): Promise<RequestListener> {
  const vite = await import("vite");
  const server = await vite.createServer({
    root: webRoot,
    configFile: path.join(webRoot, "vite.config.ts"),
    server: { middlewareMode: true },
    appType: "custom",
  });
  app.addHook("onClose", async () => server.close());
  const { createRequestListener } = await import("@react-router/node");
  const pages = createRequestListener({
    build: () => server.ssrLoadModule("virtual:react-router/server-build") as never,
    mode: "development",
    getLoadContext,
  });
  return (request, response) => server.middlewares(request, response, () => pages(request, response));
}

const TYPES: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".png": "image/png",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".json": "application/json",
  // The service worker (`sw.js`, decision 0059): a script must be served as one.
  ".js": "text/javascript; charset=utf-8",
};

function contentType(name: string): string {
  return TYPES[path.extname(name).toLowerCase()] ?? "application/octet-stream";
}
