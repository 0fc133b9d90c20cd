import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import type { NimbusApp } from "../types.js";
import { recordRoutes, registeredRoutes, registerInScope, registerPublic } from "./auth-scopes.js";

function bareApp(): NimbusApp {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  recordRoutes(app);
  return app;
}

describe("auth scopes", () => {
  it("runs the scope's hook before the handler and stamps the scope on the route", async () => {
    const app = bareApp();
    registerInScope(
      app,
      "signed-in",
      async (_request, reply) => {
        reply.header("x-hook", "ran");
      },
      (scoped) => {
        scoped.get("/inside", async (request) => ({ scope: request.routeOptions.config.authScope }));
      },
    );
    const response = await app.inject({ method: "GET", url: "/inside" });
    expect(response.headers["x-hook"]).toBe("ran");
    expect(response.json()).toEqual({ scope: "signed-in" });
    await app.close();
  });

  it("lists a route registered outside every scope as having none", async () => {
    const app = bareApp();
    registerPublic(app, (scoped) => {
      scoped.get("/open", async () => ({}));
    });
    app.get("/stray", async () => ({}));
    await app.ready();
    expect(registeredRoutes(app).filter((route) => route.method === "GET")).toEqual([
      { method: "GET", url: "/stray", scope: undefined },
      { method: "GET", url: "/open", scope: "public" },
    ]);
    await app.close();
  });

  it("refuses a route registered in two scopes", async () => {
    const app = bareApp();
    registerInScope(app, "signed-in", null, async (outer) => {
      await registerPublic(outer, (inner) => {
        inner.get("/both", async () => ({}));
      });
    });
    await expect(app.ready()).rejects.toThrow("GET /both is registered in both signed-in and public");
  });
});
