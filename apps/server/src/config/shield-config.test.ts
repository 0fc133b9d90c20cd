import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";
import { trustProxy } from "./shield-config.js";

const base = { DATA_DIR: "/tmp/nimbus-shield-config-test", SECRET_KEY: "k".repeat(40) };

describe("shield configuration", () => {
  it("reads TRUST_PROXY as Fastify's trustProxy", () => {
    const problems: string[] = [];
    expect(trustProxy("false", problems)).toBe(false);
    expect(trustProxy("true", problems)).toBe(true);
    expect(trustProxy("10.0.0.1, 192.168.0.0/16", problems)).toEqual(["10.0.0.1", "192.168.0.0/16"]);
    const hops = trustProxy("2", problems);
    expect(typeof hops === "function" && [hops("a", 0), hops("a", 1), hops("a", 2)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(problems).toEqual([]);
    trustProxy("proxy.internal", problems);
    expect(problems).toEqual(["TRUST_PROXY: not an address or CIDR range: proxy.internal"]);
  });

  it("has defaults that keep a clean first attempt free of captchas", () => {
    const config = loadConfig(base);
    expect(config.captcha).toMatchObject({
      mode: "risk",
      actions: [
        "POST:/v1/auth/signin",
        "POST:/v1/auth/signup",
        "POST:/v1/auth/verification",
        "GET:/drive/v1/share",
        "POST:/vip/v1/order/activation-code",
      ],
      tokenTtlMs: 300_000,
      failureThreshold: 3,
      signClients: [],
    });
    expect(config.region).toEqual({ blockedCountries: [], geoipDatabase: undefined });
    expect(config.trustProxy).toBe(false);
  });

  it("refuses malformed actions and country codes, naming each", () => {
    expect(() =>
      loadConfig({ ...base, CAPTCHA_ACTIONS: "POST:/ok,/no-method", BLOCKED_COUNTRIES: "ru,USA" }),
    ).toThrow(
      /CAPTCHA_ACTIONS: not METHOD:\/path: \/no-method[\s\S]*BLOCKED_COUNTRIES: not a two-letter country code: USA/,
    );
    expect(loadConfig({ ...base, BLOCKED_COUNTRIES: "ru, kp" }).region.blockedCountries).toEqual([
      "RU",
      "KP",
    ]);
  });
});
