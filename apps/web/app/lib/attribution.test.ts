import { describe, expect, it } from "vitest";
import {
  ATTRIBUTION_COOKIE_OPTIONS,
  attributionFromQuery,
  captureAttribution,
  readAttribution,
} from "./attribution.js";
import { memoryCookieJar } from "./cookies.js";

describe("attribution (spec §3, §9)", () => {
  it("reads source, medium and campaign from __source, __medium, __campaign", () => {
    expect(attributionFromQuery("?__source=tw&__medium=social&__campaign=spring&source=no")).toEqual({
      source: "tw",
      medium: "social",
      campaign: "spring",
    });
    expect(attributionFromQuery(new URLSearchParams("__source=%20&__medium=x"))).toEqual({ medium: "x" });
  });

  it("stores them in cookies lasting 720 minutes", () => {
    expect(ATTRIBUTION_COOKIE_OPTIONS.maxAge).toBe(720 * 60);
    const jar = memoryCookieJar();
    captureAttribution(jar, "?__source=tw&__campaign=spring");
    expect(readAttribution(jar)).toEqual({ source: "tw", campaign: "spring" });
    expect(jar.options.get("pp_source")).toEqual({
      path: "/",
      sameSite: "strict",
      secure: true,
      maxAge: 43_200,
    });
  });

  it("keeps earlier cookies for fields a later query does not carry", () => {
    const jar = memoryCookieJar();
    captureAttribution(jar, "?__source=tw&__medium=social");
    captureAttribution(jar, "?__source=mail");
    expect(readAttribution(jar)).toEqual({ source: "mail", medium: "social" });
  });
});
