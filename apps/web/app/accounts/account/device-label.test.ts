import { readFileSync } from "node:fs";
import { formatCompiled } from "@nimbus/texts";
import { describe, expect, it } from "vitest";
import { deviceLabel } from "./sessions-section.js";

// Issue 33, item 15: "Chrome on Linux" stayed English on a Japanese account page.
const catalogue = (locale: string): Record<string, string> =>
  JSON.parse(
    readFileSync(new URL(`../../../../../packages/texts/src/web/${locale}.json`, import.meta.url), "utf8"),
  );
const translator = (locale: string) => {
  const texts = catalogue(locale);
  return (key: string, params?: Record<string, string | number>) => formatCompiled(texts[key] ?? key, params);
};

describe("deviceLabel", () => {
  it("says the server's '<browser> on <system>' in the page's language", () => {
    expect(deviceLabel("Chrome on Linux", translator("ja"))).toBe("Linux の Chrome");
    expect(deviceLabel("Firefox on Windows", translator("ru"))).toBe("Firefox на Windows");
    expect(deviceLabel("Chrome on Linux", translator("en-US"))).toBe("Chrome on Linux");
  });
  it("keeps a label that is a browser or a system alone", () => {
    expect(deviceLabel("Safari", translator("ja"))).toBe("Safari");
    expect(deviceLabel("", translator("ja"))).toBe("");
  });
});
