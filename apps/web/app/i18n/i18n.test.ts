import { readFileSync } from "node:fs";
import { compileMessage } from "@nimbus/texts";
import { describe, expect, it } from "vitest";
import { type Messages, translate } from "./i18n.js";

/** A catalogue from disk, compiled as the loaders do it. */
const catalogue = (locale: string): Messages =>
  Object.fromEntries(
    Object.entries(
      JSON.parse(
        readFileSync(new URL(`../../../../packages/texts/src/web/${locale}.json`, import.meta.url), "utf8"),
      ) as Record<string, string>,
    ).map(([key, text]) => [key, compileMessage(text)]),
  );

describe("translate", () => {
  it("says a count with the page language's plural form", () => {
    expect(translate(catalogue("en-US"), "shares.fileCount", { count: 1 }, "en-US")).toBe("1 item");
    expect(translate(catalogue("en-US"), "shares.fileCount", { count: 3 }, "en-US")).toBe("3 items");
    const ru = catalogue("ru");
    expect(translate(ru, "shares.dialog.days", { count: 1 }, "ru")).toBe("Через 1 день");
    expect(translate(ru, "shares.dialog.days", { count: 3 }, "ru")).toBe("Через 3 дня");
    expect(translate(ru, "shares.dialog.days", { count: 7 }, "ru")).toBe("Через 7 дней");
    expect(translate(catalogue("ja"), "shares.fileCount", { count: 1 }, "ja")).toBe("1 件");
  });

  it("fills other arguments and falls back to the key", () => {
    expect(translate({ a: "Hi {name}" }, "a", { name: "Ana" })).toBe("Hi Ana");
    expect(translate({ a: "Hi {name}" }, "a")).toBe("Hi {name}");
    expect(translate({}, "missing.key")).toBe("missing.key");
  });
});
