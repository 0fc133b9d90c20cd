import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { TRUST_PROXY: "true", BLOCKED_COUNTRIES: "ru, kp", BLOCKED_IPS: "203.0.113.0/24" },
  });
});
afterAll(() => t.close());

async function get(url: string, ip: string) {
  const response = await t.app.inject({ method: "GET", url, headers: { "x-forwarded-for": ip } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const accessible = (ip: string) => get("/access_controller/v1/area_accessible", ip);
const countryCode = (ip: string) => get("/drive/v1/privilege/area_country_code", ip);

describe("region access", () => {
  it("names the country of an address from the bundled database", async () => {
    expect(await countryCode("8.8.8.8")).toEqual({ countryCode: "US" });
    expect(await countryCode("77.88.8.8")).toEqual({ countryCode: "RU" });
    expect(await countryCode("2001:4860:4860::8888")).toEqual({ countryCode: "US" });
    expect(await countryCode("::ffff:81.2.69.160")).toEqual({ countryCode: "GB" });
    expect(await countryCode("127.0.0.1")).toEqual({ countryCode: "" });
  });

  it("answers accessible:false for a blocked country and a blocked range, true otherwise", async () => {
    expect(await accessible("8.8.8.8")).toEqual({ accessible: true });
    expect(await accessible("77.88.8.8")).toEqual({ accessible: false });
    expect(await accessible("203.0.113.9")).toEqual({ accessible: false });
    expect(await accessible("127.0.0.1")).toEqual({ accessible: true });
  });

  it("answers the caller's address to the web's IP probe, through a trusted proxy", async () => {
    expect(await get("/access_controller/v1/client_ip", "198.51.100.7")).toEqual({ ip: "198.51.100.7" });
  });

  it("needs no credentials and no captcha", async () => {
    const response = await t.app.inject({ method: "GET", url: "/access_controller/v1/area_accessible" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});

describe("without TRUST_PROXY", () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ env: { BLOCKED_COUNTRIES: "US" } });
  });
  afterAll(() => plain.close());

  it("ignores X-Forwarded-For: the socket's address decides", async () => {
    const response = await plain.app.inject({
      method: "GET",
      url: "/access_controller/v1/area_accessible",
      headers: { "x-forwarded-for": "8.8.8.8" },
    });
    expect(response.json()).toEqual({ accessible: true });
  });
});
