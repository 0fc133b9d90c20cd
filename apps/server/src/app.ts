import { randomUUID } from "node:crypto";
import fastifyCookie from "@fastify/cookie";
import { NimbusError } from "@nimbus/protocol";
import Fastify, { type FastifyServerOptions, LogController } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { installCompression } from "./http/compression.js";
import { installErrorHandler, sendError } from "./http/error-handler.js";
import { ErrorLocalizer } from "./http/error-localizer.js";
import { recordRoutes, registerPublic } from "./http/plugins/auth-scopes.js";
import { registerCaptcha } from "./http/plugins/captcha.js";
import { registerOpenApi } from "./http/plugins/openapi.js";
import { installRequestMetrics } from "./http/plugins/request-metrics.js";
import { installWellFormedText } from "./http/plugins/well-formed-text.js";
import { registerRoutes } from "./http/routes/index.js";
import { installSecurityHeaders } from "./http/security-headers.js";
import type { NimbusApp } from "./http/types.js";
import { registerWeb } from "./http/web/web.js";
import { registerWebDav } from "./http/webdav/webdav.js";
import type { DataVolume } from "./lib/data-volume.js";
import { type AppDeps, createServices, type Services } from "./services.js";

export interface BuildOptions {
  /** pino options, a logger instance, or false for silence (tests). */
  logger?: FastifyServerOptions["logger"];
  loggerInstance?: FastifyServerOptions["loggerInstance"];
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Builds the whole HTTP application on the given dependencies. It does not listen. */
const appServices = new WeakMap<NimbusApp, Services>();

/** The services an app was built with: tests read what routes leave no trace of (ffmpeg runs). */
export function servicesOf(app: NimbusApp): Services {
  const services = appServices.get(app);
  if (!services) throw new Error("not an app made by buildApp");
  return services;
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<NimbusApp> {
  const localizer = await ErrorLocalizer.load();
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? false }),
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: "request_id" }),
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
    // A malformed or over-long path parameter is bad input like any other: the spec's error object.
    frameworkErrors: (error, request, reply) =>
      sendError(
        request,
        reply,
        new NimbusError("invalid_argument", error.message, { cause: error }),
        localizer,
      ),
    forceCloseConnections: "idle",
    trustProxy: deps.config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  // Before any route: every route is recorded with the auth scope it is registered in.
  recordRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest("principal", null);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  installSecurityHeaders(app);
  installCompression(app);

  await app.register(fastifyCookie);
  installErrorHandler(app, localizer, () => services.dataVolume.full());
  installWellFormedText(app);
  const services = createServices(deps, app.log);
  appServices.set(app, services);
  await services.seedCatalogue();
  // Codes answered but not yet sent go out before the database closes.
  app.addHook("onClose", () => services.backgroundSends.settled());
  // The Redis subscriber of drive-event wake-ups (the shared connection is main.ts's to close).
  // Before in-flight requests are awaited: held long polls answer now rather than in up to 30 s.
  app.addHook("preClose", async () => services.events.stopWaiting());
  app.addHook("onClose", () => services.events.wakes.close());
  app.addHook("onClose", () => services.remoteConfig.close());
  installRequestMetrics(app, services.metrics);
  watchDataVolume(app, services.dataVolume);
  // Every cloud-download source stops: the BitTorrent child process (once running fetches have
  // been aborted) and the web source's keep-alive sockets.
  app.addHook("onClose", () => services.offline.close());
  // Running ffmpeg streams stop (playback, decision 0060).
  app.addHook("onClose", () => services.hlsSessions.close());
  // Root hooks come before any scope context loads: a context copies the root's hooks when it loads.
  registerCaptcha(app, services.captcha);
  await registerOpenApi(app, deps.config.publicUrl);
  registerRoutes(app, services);
  // WebDAV signs in with app passwords (HTTP Basic) itself: a public context.
  await registerPublic(app, (scoped) => registerWebDav(scoped, services));
  await registerPublic(app, (scoped) =>
    registerWeb(scoped, deps.config.web, services.region.blockedIps, {
      embedParentOrigins: deps.config.embedParentOrigins,
      publicOrigin: new URL(deps.config.publicUrl).origin,
    }),
  );
  return app;
}

/** How often a listening node looks at DATA_DIR's free space (and puts the spare file back). */
const VOLUME_CHECK_MS = 30_000;

/** From listen on, the spare file is kept and DATA_DIR's volume looked at every 30 s (decision 0063). */
function watchDataVolume(app: NimbusApp, volume: DataVolume): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onListen", async () => {
    const check = () =>
      void volume.check().catch((err) => app.log.warn({ err }, "DATA_DIR volume check failed"));
    check();
    timer = setInterval(check, VOLUME_CHECK_MS).unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
}
