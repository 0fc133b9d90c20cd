import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { describeResponses, fastifyKey } from "../openapi-responses.js";
import type { NimbusApp } from "../types.js";
import { type AuthScope, registerPublic } from "./auth-scopes.js";

/**
 * The OpenAPI document, generated from the route schemas, at `/openapi.json`,
 * and a browsable reference at `/docs/api`. Each operation's responses come from
 * the contract and the route's scope and documentation (`openapi-responses.ts`).
 */
export async function registerOpenApi(app: NimbusApp, publicUrl: string): Promise<void> {
  const scopes = new Map<string, AuthScope>();
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Nimbus API",
        version: "1",
        description:
          "The drive, user and membership services of Nimbus. Every failure answers " +
          "`{error, error_code, error_description, error_uri, details}` (`#/components/schemas/Error`, " +
          "see docs/errors.md); each operation lists its success statuses and, by status, the " +
          "catalogue errors its documentation names.",
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", description: "access_token from /v1/auth/signin" },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const scope = input.route.config?.authScope;
      if (scope) {
        for (const method of [input.route.method].flat())
          scopes.set(`${method} ${fastifyKey(input.url)}`, scope);
      }
      return jsonSchemaTransform(input);
    },
    transformObject: (input) => describeResponses(jsonSchemaTransformObject(input) as never, scopes),
  });
  // The generator stays on the root to see every route; the reference itself is public.
  await registerPublic(app, async (scoped) => {
    await scoped.register(swaggerUi, {
      routePrefix: "/docs/api",
      uiConfig: { docExpansion: "list", deepLinking: true },
    });
    scoped.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  });
}
