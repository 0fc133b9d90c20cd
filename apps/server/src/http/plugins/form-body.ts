import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { NimbusApp } from "../types.js";

const FORM_LIMIT_BYTES = 16 * 1024;

/**
 * Registers routes that also take `application/x-www-form-urlencoded` bodies, as OAuth
 * clients send them (RFC 6749 §4, RFC 7009, RFC 8628). Repeated keys keep the first value.
 */
export function withFormBodies(app: NimbusApp, routes: (scope: NimbusApp) => void): void {
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: FORM_LIMIT_BYTES },
      (_request, body, done) => {
        const fields: Record<string, string> = {};
        for (const [key, value] of new URLSearchParams(body as string)) {
          if (!Object.hasOwn(fields, key)) fields[key] = value;
        }
        done(null, fields);
      },
    );
    routes(scope);
  });
}
