import { describe, expect, it, vi } from "vitest";
import { compileMessage, formatCompiled, formatMessage } from "./format.js";
import { argumentsOf, MessageSyntaxError, parseMessage } from "./parse.js";

const items = "{count, plural, one {# item} other {# items}}";
const ru = "{count, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}";
const uk = "{count, plural, one {# файл} few {# файли} many {# файлів} other {# файлу}}";

describe("formatMessage", () => {
  it("ends a sentence once after a value ending in a full stop (Russian 'г.', issue 33)", () => {
    const date = new Intl.DateTimeFormat("ru", { dateStyle: "long", timeZone: "UTC" }).format(
      new Date("2026-12-05T00:00:00Z"),
    );
    expect(date.endsWith("г.")).toBe(true);
    expect(formatMessage("Premium до {date}.", { date }, "ru")).toBe(`Premium до ${date}`);
    expect(formatMessage("Удалён {date}. Войдите", { date }, "ru")).toBe(`Удалён ${date} Войдите`);
    expect(
      formatMessage("{days, plural, one {# день} other {# дней}} до {date}.", { days: 5, date }, "ru"),
    ).toBe(`5 дней до ${date}`);
    expect(formatMessage("Until {date}.", { date: "5 December 2026" })).toBe("Until 5 December 2026.");
    expect(formatMessage("Wait {what}...", { what: "Inc." })).toBe("Wait Inc....");
  });

  it("fills simple arguments and leaves missing ones as they are", () => {
    expect(formatMessage("No such API route: {method} {path}", { method: "GET", path: "/v1" })).toBe(
      "No such API route: GET /v1",
    );
    expect(formatMessage("{a} and {b}", { a: 1 })).toBe("1 and {b}");
    expect(formatMessage("{a}{a}", { a: "x" })).toBe("xx");
    expect(formatMessage("plain text")).toBe("plain text");
    expect(formatMessage("{toString}", {})).toBe("{toString}");
  });

  it("chooses English plural forms, with exact matches first", () => {
    expect(formatMessage(items, { count: 1 })).toBe("1 item");
    expect(formatMessage(items, { count: 0 })).toBe("0 items");
    expect(formatMessage(items, { count: 2 })).toBe("2 items");
    expect(formatMessage(items, { count: 1234 })).toBe("1,234 items");
    expect(formatMessage("{n, plural, =0 {none} one {one} other {#}}", { n: 0 })).toBe("none");
  });

  it("uses one, few and many in Russian and Ukrainian", () => {
    const cases: [number, string, string][] = [
      [1, "1 файл", "1 файл"],
      [2, "2 файла", "2 файли"],
      [5, "5 файлов", "5 файлів"],
      [11, "11 файлов", "11 файлів"],
      [21, "21 файл", "21 файл"],
      [22, "22 файла", "22 файли"],
      [1.5, "1,5 файла", "1,5 файлу"],
    ];
    for (const [count, inRussian, inUkrainian] of cases) {
      expect(formatMessage(ru, { count }, "ru")).toBe(inRussian);
      expect(formatMessage(uk, { count }, "uk")).toBe(inUkrainian);
    }
  });

  it("has one form only in Japanese, Chinese, Indonesian and Malay", () => {
    for (const locale of ["ja", "zh-CN", "zh-TW", "id", "ms", "ko"]) {
      expect(new Intl.PluralRules(locale).resolvedOptions().pluralCategories).toEqual(["other"]);
      expect(formatMessage("{count, plural, other {# 件}}", { count: 1 }, locale)).toBe("1 件");
    }
  });

  it("uses Portuguese and Spanish one/many/other", () => {
    const pt = "{count, plural, one {# dia} many {# de dias} other {# dias}}";
    expect(formatMessage(pt, { count: 1 }, "pt")).toBe("1 dia");
    expect(formatMessage(pt, { count: 0 }, "pt")).toBe("0 dia");
    expect(formatMessage(pt, { count: 2 }, "pt")).toBe("2 dias");
    expect(formatMessage(pt, { count: 1_000_000 }, "pt")).toBe("1.000.000 de dias");
    expect(formatMessage("{n, plural, one {# día} other {# días}}", { n: 1 }, "es")).toBe("1 día");
  });

  it("selects, with other as the fallback, and nests arguments", () => {
    const message =
      "{who, select, owner {You} other {{name}}} shared {count, plural, one {a file} other {# files}}";
    expect(formatMessage(message, { who: "owner", count: 1 })).toBe("You shared a file");
    expect(formatMessage(message, { who: "friend", name: "Ana", count: 3 })).toBe("Ana shared 3 files");
    expect(formatMessage(message, { name: "Ana", count: 3 })).toBe("Ana shared 3 files");
  });

  it("formats ordinals and plural offsets", () => {
    const ordinal = "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}";
    expect([1, 2, 3, 4, 11, 21, 102].map((n) => formatMessage(ordinal, { n }))).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "21st",
      "102nd",
    ]);
    const offset = "{n, plural, offset:1 =1 {only you} one {you and # other} other {you and # others}}";
    expect(formatMessage(offset, { n: 1 })).toBe("only you");
    expect(formatMessage(offset, { n: 2 })).toBe("you and 1 other");
    expect(formatMessage(offset, { n: 4 })).toBe("you and 3 others");
  });

  it("keeps # literal outside plurals, and formats {n, number}", () => {
    expect(formatMessage("Issue #{n}", { n: 5 })).toBe("Issue #5");
    expect(formatMessage("{n, number} B", { n: 12345 }, "de")).toBe("12.345 B");
  });

  it("writes small counts as Intl.NumberFormat does in every site locale, without creating one", () => {
    const locales = ["en-US", "es", "id", "ja", "ko", "ms", "pt", "ru", "uk", "zh-CN", "zh-TW"];
    for (const locale of locales) {
      const intl = new Intl.NumberFormat(locale);
      for (const n of [0, 1, 7, 42, 999, 1000, 12345, 2.5, -3]) {
        expect(formatMessage("{n, number}", { n }, locale)).toBe(intl.format(n));
        expect(formatMessage("{n, plural, other {# x}}", { n }, locale)).toBe(`${intl.format(n)} x`);
      }
    }
    expect(formatMessage("{n, number}", { n: 7 }, "ar-EG")).toBe(new Intl.NumberFormat("ar-EG").format(7));
    const created = vi.spyOn(Intl, "NumberFormat");
    expect(formatMessage("{n, plural, one {# file} other {# files}}", { n: 3 }, "pt-BR")).toBe("3 files");
    expect(created).not.toHaveBeenCalled();
    created.mockRestore();
  });

  it("quotes with apostrophes the ICU way", () => {
    expect(formatMessage("Don't stop")).toBe("Don't stop");
    expect(formatMessage("It''s {x}", { x: 1 })).toBe("It's 1");
    expect(formatMessage("'{x}' is {x}", { x: 1 })).toBe("{x} is 1");
    expect(formatMessage("{n, plural, other {'#' is #}}", { n: 2 })).toBe("# is 2");
    expect(formatMessage("'{it''s}'")).toBe("{it's}");
  });

  it("shows other with the argument's name when a plural's value is missing", () => {
    expect(formatMessage(items, {})).toBe("{count} items");
  });

  it("does not take inherited properties for branches or values", () => {
    expect(formatMessage("{x, select, other {fine}}", { x: "constructor" })).toBe("fine");
    expect(formatMessage("{x, select, other {fine}}", {})).toBe("fine");
  });

  it("keeps # for the innermost plural, also after a nested plural", () => {
    const nested = "{a, plural, other {# and {b, plural, other {#}} then #}}";
    expect(formatMessage(nested, { a: 1, b: 2 })).toBe("1 and 2 then 1");
  });
});

describe("compileMessage and formatCompiled", () => {
  it("keeps plain texts and simple arguments as strings, parses the rest", () => {
    expect(compileMessage("Don't stop, {name}")).toBe("Don't stop, {name}");
    expect(compileMessage(items)).toEqual([
      { type: "plural", name: "count", offset: 0, options: expect.any(Object) },
    ]);
    expect(Array.isArray(compileMessage("It''s"))).toBe(true);
  });

  it("formats a compiled message as formatMessage does, also after a JSON round trip", () => {
    for (const [message, params, locale] of [
      ["Hi {name}, {missing}", { name: "Ana" }, "en-US"],
      [ru, { count: 22 }, "ru"],
      ["{a, select, x {X #} other {{b, plural, one {# one} other {# more}}}}", { a: "y", b: 1 }, "en-US"],
    ] as const) {
      const compiled = JSON.parse(JSON.stringify(compileMessage(message)));
      expect(formatCompiled(compiled, params, locale)).toBe(formatMessage(message, params, locale));
    }
  });
});

describe("parseMessage", () => {
  it("rejects malformed messages", () => {
    for (const bad of [
      "{",
      "}",
      "{count, plural, one {x}}",
      "{count, plural, other {x}",
      "{count, gender, other {x}}",
      "{count, plural, one {x} one {y} other {z}}",
      "{a b}",
    ]) {
      expect(() => parseMessage(bad), bad).toThrow(MessageSyntaxError);
      // Texts with plain `{name}` arguments only are filled in without the parser.
      if (bad.includes(",")) expect(() => formatMessage(bad, {}), bad).toThrow(MessageSyntaxError);
    }
  });

  it("lists every argument, nested ones included", () => {
    const args = argumentsOf(
      parseMessage(
        "{a} {b, select, x {{c}} other {{d, plural, other {#}}}} {e, number} {a, selectordinal, other {#}}",
      ),
    );
    expect(Object.fromEntries(args)).toEqual({
      a: "selectordinal",
      b: "select",
      c: "arg",
      d: "plural",
      e: "number",
    });
  });
});
