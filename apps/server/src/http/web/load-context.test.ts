import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import type { NimbusApp } from "../types.js";
import { inProcessApi } from "./load-context.js";

describe("the loaders' in-process API", () => {
  const app = Fastify();
  app.get("/v1/user/me", async (_request, reply) => {
    reply.header("set-cookie", [
      "nimbus_session=renewed; Max-Age=5184000; Path=/; HttpOnly; SameSite=Lax",
      "other=1; Path=/",
    ]);
    return { sub: "u1" };
  });
  app.get("/drive/v1/about", async () => ({ kind: "drive#about" }));
  afterAll(() => app.close());

  it("hands a renewed session cookie to the page and keeps every other cookie to itself", async () => {
    const renewed: string[] = [];
    const api = inProcessApi(app as unknown as NimbusApp, "198.51.100.7", (line) => renewed.push(line));
    const me = await api("/v1/user/me", { headers: { cookie: "nimbus_session=old" } });
    expect(await me.json()).toEqual({ sub: "u1" });
    expect(renewed).toEqual(["nimbus_session=renewed; Max-Age=5184000; Path=/; HttpOnly; SameSite=Lax"]);
    await api("/drive/v1/about");
    expect(renewed).toHaveLength(1);
  });

  it("answers paths of this server only", async () => {
    const api = inProcessApi(app as unknown as NimbusApp, "198.51.100.7");
    await expect(api("https://example.com/v1/user/me")).rejects.toThrow(TypeError);
    await expect(api("//example.com/v1/user/me")).rejects.toThrow(TypeError);
  });
});
