/**
 * A parser for the ICU MessageFormat subset the catalogues use: `{name}`, `{name, number}`,
 * `{name, plural|selectordinal, [offset:n] =0 {…} one {…} other {…}}`, `{name, select, a {…} other {…}}`,
 * `#` inside plural branches, and apostrophe quoting (`''` is one apostrophe; `'{…}'` is literal text).
 * Kept small on purpose: it ships in every page's first-load JavaScript.
 */

export type Part =
  | string
  | { type: "#" }
  | { type: "arg" | "number"; name: string }
  | {
      type: "plural" | "selectordinal" | "select";
      name: string;
      offset: number;
      options: Record<string, Part[]>;
    };

export class MessageSyntaxError extends Error {}

export function parseMessage(text: string): Part[] {
  let pos = 0;
  const fail = (why: string): never => {
    throw new MessageSyntaxError(`${why} at ${pos} in ${text}`);
  };
  const space = () => {
    while (/\s/.test(text[pos] ?? "")) pos++;
  };
  const word = () => {
    space();
    const start = pos;
    while (pos < text.length && !/[\s,{}]/.test(text[pos] as string)) pos++;
    return text.slice(start, pos);
  };
  const eat = (char: string) => {
    space();
    if (text[pos++] !== char) fail(`expected ${char}`);
  };

  const parts = (inPlural: boolean): Part[] => {
    const out: Part[] = [];
    let literal = "";
    for (let char = text[pos]; char !== undefined && char !== "}"; char = text[pos]) {
      const next = text[pos + 1];
      if (char === "{" || (char === "#" && inPlural)) {
        if (literal) out.push(literal);
        literal = "";
        if (char === "#") pos++;
        out.push(char === "#" ? { type: "#" } : argument());
      } else if (char === "'" && next === "'") {
        literal += "'";
        pos += 2;
      } else if (char === "'" && (next === "{" || next === "}" || (inPlural && next === "#"))) {
        // Quoted literal text up to the next lone apostrophe.
        for (pos++; pos < text.length; ) {
          const quoted = text[pos++];
          if (quoted !== "'") literal += quoted;
          else if (text[pos] === "'") literal += text[pos++];
          else break;
        }
      } else {
        literal += char;
        pos++;
      }
    }
    if (literal) out.push(literal);
    return out;
  };

  const argument = (): Part => {
    pos++;
    const name = word();
    if (!/^[A-Za-z_][\w-]*$/.test(name)) fail("bad argument name");
    space();
    if (text[pos] === "}") {
      pos++;
      return { type: "arg", name };
    }
    eat(",");
    const type = word();
    if (type === "number") {
      eat("}");
      return { type, name };
    }
    if (type !== "plural" && type !== "selectordinal" && type !== "select") return fail(`bad type ${type}`);
    eat(",");
    let offset = 0;
    const options: Record<string, Part[]> = {};
    for (let key = word(); key; key = word()) {
      if (type !== "select" && key.startsWith("offset:")) {
        offset = Number(key.slice(7));
        if (!Number.isInteger(offset)) fail("bad offset");
        continue;
      }
      if (Object.hasOwn(options, key)) fail(`duplicate ${key}`);
      eat("{");
      options[key] = parts(type !== "select");
      eat("}");
    }
    eat("}");
    if (!Object.hasOwn(options, "other")) fail(`no "other" in ${name}`);
    return { type, name, offset, options };
  };

  const message = parts(false);
  if (pos < text.length) fail("unmatched }");
  return message;
}

/** Every argument a message reads, nested ones included, with how it is used. */
export function argumentsOf(parts: Part[], into = new Map<string, string>()): Map<string, string> {
  for (const part of parts) {
    if (typeof part === "string" || part.type === "#") continue;
    if (!into.has(part.name) || part.type !== "arg") into.set(part.name, part.type);
    if ("options" in part) for (const branch of Object.values(part.options)) argumentsOf(branch, into);
  }
  return into;
}
