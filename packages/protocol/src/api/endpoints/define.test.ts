import { describe, expect, it } from "vitest";
import { endpoints } from "./contract.js";
import { buildPath, fastifyPath, methodOf } from "./define.js";
import { endpointLocations } from "./locations.js";
import { nimbusApi } from "./web.js";

describe("endpoint paths", () => {
  it("derives Fastify's syntax: `:name` parameters, `::` for a literal colon", () => {
    expect(fastifyPath("/drive/v1/files/{id}/ancestors")).toBe("/drive/v1/files/:id/ancestors");
    expect(fastifyPath("/drive/v1/files:batchMove")).toBe("/drive/v1/files::batchMove");
    expect(fastifyPath("/v1/user/avatars/{user_id}/{version}")).toBe("/v1/user/avatars/:user_id/:version");
  });

  it("fills and encodes path parameters for clients", () => {
    expect(buildPath(nimbusApi.drive.getAncestors, { id: "a/b c" })).toBe(
      "/drive/v1/files/a%2Fb%20c/ancestors",
    );
    expect(buildPath(nimbusApi.drive.batchMove)).toBe("/drive/v1/files:batchMove");
    expect(() => buildPath(nimbusApi.drive.getFile)).toThrow(/id/);
  });

  it("sends the first method of a GET/HEAD pair", () => {
    expect(methodOf(endpoints.drive.download)).toBe("GET");
    expect(methodOf(nimbusApi.drive.renameFile)).toBe("PATCH");
  });

  it("pairs every location with its schemas, and no operation twice", () => {
    const keys = (table: Record<string, Record<string, unknown>>) =>
      Object.entries(table).flatMap(([area, operations]) =>
        Object.keys(operations).map((name) => `${area}.${name}`),
      );
    expect(keys(endpoints)).toEqual(keys(endpointLocations));
    const routes = Object.values(endpointLocations).flatMap((area) =>
      Object.values(area).flatMap((location) =>
        [location.method].flat().map((method) => `${method} ${location.path}`),
      ),
    );
    expect(new Set(routes).size).toBe(routes.length);
  });
});
