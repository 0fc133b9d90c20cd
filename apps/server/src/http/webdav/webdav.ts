import type { Services } from "../../services.js";
import type { NimbusApp } from "../types.js";
import { ALLOWED, davContext } from "./dav-context.js";
import { registerDavCopyMove } from "./dav-copy-move.js";
import { registerDavLocking } from "./dav-locking.js";
import { DAV_PREFIX } from "./dav-paths.js";
import { registerDavPut } from "./dav-put.js";
import { registerDavRead } from "./dav-read.js";
import { registerDavWrite } from "./dav-write.js";

export { DAV_PREFIX, davHref, davSegments, destinationSegments } from "./dav-paths.js";

/** Methods with no meaning here: 405 with `Allow`, rather than a 404 from the router. */
const NOT_SERVED = ["POST"];
const DAV_METHODS = ["PROPFIND", "PROPPATCH", "MKCOL", "COPY", "MOVE", "LOCK", "UNLOCK"];
const MAX_PROPFIND_BODY = 64 * 1024;

/**
 * WebDAV at `/dav/` (RFC 4918 classes 1 and 2): the drive by paths of names, signed in with an
 * app password (`dav-auth.ts`). One file per method family: `dav-read.ts` (`OPTIONS`,
 * `PROPFIND` with the RFC 4331 quota properties, `GET`/`HEAD` through the downloads' byte
 * path), `dav-put.ts` (the uploads' writer), `dav-write.ts` (`MKCOL`, `DELETE` to the trash,
 * `PROPPATCH`), `dav-copy-move.ts` and `dav-locking.ts` (`LOCK`/`UNLOCK`); the lock checks and
 * sign-in they share are `dav-context.ts`. Also `OPTIONS /`, which Windows' redirector and
 * Office send before they look at `/dav/`.
 */
export async function registerWebDav(app: NimbusApp, services: Services): Promise<void> {
  for (const method of DAV_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }
  const context = davContext(services);
  await registerDavPut(app, context);

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "string", bodyLimit: MAX_PROPFIND_BODY },
      (_request, body, done) => done(null, body),
    );

    // Windows' WebDAV redirector and Office ask the server's root whether it speaks WebDAV
    // before they go to `/dav/`: the same class headers, with what `/` itself serves (the web app).
    scope.route({
      method: "OPTIONS",
      url: "/",
      schema: { hide: true },
      handler: async (_request, reply) =>
        reply
          .code(200)
          .header("dav", "1, 2")
          .header("ms-author-via", "DAV")
          .header("allow", "OPTIONS, GET, HEAD")
          .header("content-length", "0")
          .send(),
    });

    for (const url of [DAV_PREFIX, `${DAV_PREFIX}/*`]) {
      registerDavRead(scope, url, context);
      registerDavWrite(scope, url, context);
      registerDavCopyMove(scope, url, context);
      registerDavLocking(scope, url, context);
      scope.route({
        method: NOT_SERVED,
        url,
        schema: { hide: true },
        handler: async (request, reply) => {
          await context.signIn(request, reply);
          return reply.code(405).header("allow", ALLOWED.join(", ")).send();
        },
      });
    }
  });
}
