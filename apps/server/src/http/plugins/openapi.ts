import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { NimbusApp } from "../types.js";
import { registerPublic } from "./auth-scopes.js";

/**
 * The OpenAPI document, generated from the route schemas, at `/openapi.json`,
 * and a browsable reference at `/docs/api`.
 */
export async function registerOpenApi(app: NimbusApp, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Nimbus API",
        version: "1",
        description:
          "The drive, user and membership services of Nimbus. Every failure answers " +
          "`{error, error_code, error_description, error_uri, details}` (see docs/errors.md).",
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", description: "access_token from /v1/auth/signin" },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
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
