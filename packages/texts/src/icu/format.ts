import { type Part, parseMessage } from "./parse.js";

export type MessageParams = Record<string, string | number>;

const parsed = new Map<string, CompiledMessage>();
const formats = new Map<string, Intl.PluralRules | Intl.NumberFormat>();

function rules(locale: string, type: "ordinal" | "cardinal"): Intl.PluralRules {
  const key = `${locale} ${type}`;
  if (!formats.has(key)) formats.set(key, new Intl.PluralRules(locale, { type }));
  return formats.get(key) as Intl.PluralRules;
}

/**
 * Languages whose numbers are Western digits without a group separator below 1,000 (the
 * site's 11 locales). Their small counts skip Intl.NumberFormat: creating the first one loads
 * ICU's number data, about 55 ms of a page's hydration on a fast machine (issue #17: TBT).
 */
const PLAIN_SMALL_INTEGERS = /^(en|es|id|ja|ko|ms|pt|ru|uk|zh)(-|$)/;

function formatNumber(value: number, locale: string): string {
  if (Number.isInteger(value) && value >= 0 && value < 1000 && PLAIN_SMALL_INTEGERS.test(locale))
    return String(value);
  if (!formats.has(locale)) formats.set(locale, new Intl.NumberFormat(locale));
  return (formats.get(locale) as Intl.NumberFormat).format(value);
}

/**
 * A message ready to format: plain text and `{name}` arguments stay a string; anything more
 * (plurals, selections, quoting) is parsed into parts. Texts are compiled where they are loaded
 * (the web's loaders, on the server), so pages ship the small renderer and never the parser.
 */
export type CompiledMessage = string | Part[];

const ICU_SYNTAX = /\{\s*[\w-]+\s*,|'[{}#']/;

export function compileMessage(message: string): CompiledMessage {
  return ICU_SYNTAX.test(message) ? parseMessage(message) : message;
}

/** Formats a compiled message in `locale`; a `{name}` without a value stays as it is. */
export function formatCompiled(
  message: CompiledMessage,
  params: MessageParams = {},
  locale = "en-US",
): string {
  if (typeof message !== "string") return render(message, params, locale);
  return message.replace(/\{([\w-]+)\}(\.(?!\.))?/g, (match, name: string, dot = "") =>
    Object.hasOwn(params, name) ? oneFullStop(String(params[name]), dot) : match,
  );
}

/**
 * A value that ends in an abbreviation's full stop ("5 декабря 2026 г.", "Inc.") ends the
 * sentence too: the message's own full stop after it is left out ("г.." never shows).
 */
function oneFullStop(value: string, dot: string): string {
  return dot && value.endsWith(".") ? value : value + dot;
}

/**
 * Formats an ICU message in `locale` (compiled once, then cached). A plain `{name}` without a
 * value stays as it is (a missing parameter shows rather than vanishing); `#` is the plural's
 * number in the locale's digits.
 */
export function formatMessage(message: string, params: MessageParams = {}, locale = "en-US"): string {
  let compiled = parsed.get(message);
  if (compiled === undefined) {
    compiled = compileMessage(message);
    parsed.set(message, compiled);
  }
  return formatCompiled(compiled, params, locale);
}

function render(parts: Part[], params: MessageParams, locale: string, pound = "#"): string {
  let out = "";
  for (const part of parts) {
    if (typeof part === "string") {
      // After a value ending in a full stop, the message's own one is left out (oneFullStop).
      out += out.endsWith(".") && part.startsWith(".") && !part.startsWith("..") ? part.slice(1) : part;
      continue;
    }
    if (part.type === "#") {
      out += pound;
      continue;
    }
    const value = Object.hasOwn(params, part.name) ? params[part.name] : undefined;
    if (!("options" in part)) {
      out +=
        value === undefined
          ? `{${part.name}}`
          : part.type === "number" && typeof value === "number"
            ? formatNumber(value, locale)
            : String(value);
      continue;
    }
    const { options } = part;
    const own = (key: string) => (Object.hasOwn(options, key) ? options[key] : undefined);
    let branch: Part[] | undefined;
    let number = pound;
    if (part.type === "select") branch = own(String(value));
    else {
      const shown = Number(value) - part.offset;
      const finite = value !== undefined && Number.isFinite(shown);
      number = finite ? formatNumber(shown, locale) : `{${part.name}}`;
      const type = part.type === "plural" ? "cardinal" : "ordinal";
      branch = own(`=${value}`) ?? (finite ? own(rules(locale, type).select(shown)) : undefined);
    }
    out += render(branch ?? options.other ?? [], params, locale, number);
  }
  return out;
}
