import { describe, expect, it } from "vitest";
import { ClientRegistry } from "./client-registry.js";

describe("ClientRegistry", () => {
  const registry = new ClientRegistry({ captchaSalts: { "nimbus-mobile": ["salt-1", "salt-2"] } });

  it("knows the six clients by id", () => {
    expect(registry.all().map((c) => c.kind)).toEqual(["web", "desktop", "mobile", "tv", "extension", "cli"]);
    expect(registry.find("nimbus-web")).toMatchObject({ cookieSession: true, name: "Nimbus web" });
    expect(registry.find("nope")).toBeUndefined();
    expect(registry.find(undefined)).toBeUndefined();
  });

  it("carries captcha salts only for configured clients", () => {
    expect(registry.find("nimbus-mobile")?.captchaSalts).toEqual(["salt-1", "salt-2"]);
    expect(registry.find("nimbus-web")?.captchaSalts).toBeUndefined();
  });

  it("answers unauthorized_client for unknown clients and grants they may not use, invalid_request without an id", () => {
    expect(() => registry.require("nope")).toThrow(expect.objectContaining({ error: "unauthorized_client" }));
    expect(() => registry.require("nimbus-web", "urn:ietf:params:oauth:grant-type:device_code")).toThrow(
      expect.objectContaining({ error: "unauthorized_client" }),
    );
    expect(() => registry.require(undefined)).toThrow(expect.objectContaining({ error: "invalid_request" }));
    expect(registry.require("nimbus-tv", "urn:ietf:params:oauth:grant-type:device_code").id).toBe(
      "nimbus-tv",
    );
  });
});
