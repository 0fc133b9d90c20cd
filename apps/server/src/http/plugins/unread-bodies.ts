import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { NimbusApp } from "../types.js";

/**
 * Registers routes in their own context where no body is parsed: the handler streams
 * the raw request (uploads, tus) instead of the framework buffering it.
 */
export function withUnreadBodies(app: NimbusApp, register: (scope: NimbusApp) => void): void {
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    register(scope as NimbusApp);
  });
}
