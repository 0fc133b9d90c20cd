import { describe, expect, it } from "vitest";
import { framedUrl } from "./captcha-challenge.js";

describe("framedUrl", () => {
  it("frames this server's challenge page from the page's own origin", () => {
    expect(framedUrl("http://localhost:3000/v1/shield/challenge?c=t1", "http://127.0.0.1:3000/s/abc")).toBe(
      "http://127.0.0.1:3000/v1/shield/challenge?c=t1",
    );
  });

  it("keeps another service's challenge address as it is", () => {
    expect(framedUrl("https://captcha.example.com/v1/shield/other?c=1", "http://127.0.0.1:3000/")).toBe(
      "https://captcha.example.com/v1/shield/other?c=1",
    );
  });
});
