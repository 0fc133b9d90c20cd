/**
 * The `If` request header of WebDAV (RFC 4918 §10.4): lists of conditions on lock tokens and
 * entity tags, optionally tagged with the resource they are about. A request whose `If`
 * evaluates false is refused (412); the lock tokens it names are the ones the client submits.
 */

/** One condition: a state token (`<opaquelocktoken:…>`, `<DAV:no-lock>`) or an entity tag, maybe negated. */
export type IfCondition = { not: boolean } & ({ token: string } | { etag: string });

/** One parenthesised list; `resource` is its tag (an absolute URI or path), absent for the request's own. */
export interface IfList {
  resource?: string;
  conditions: IfCondition[];
}

/** Parses an `If` header; throws on a malformed one (the caller answers 400). */
export function parseIf(header: string): IfList[] {
  const lists: IfList[] = [];
  let resource: string | undefined;
  let i = 0;
  const skip = () => {
    while (i < header.length && /\s/.test(header[i] ?? "")) i++;
  };
  const until = (close: string): string => {
    const end = header.indexOf(close, i + 1);
    if (end < 0) throw new Error(`unclosed ${header[i]}`);
    const inner = header.slice(i + 1, end);
    i = end + 1;
    return inner;
  };
  for (skip(); i < header.length; skip()) {
    const c = header[i];
    if (c === "<") {
      resource = until(">");
      continue;
    }
    if (c !== "(") throw new Error(`unexpected ${c}`);
    i++;
    const conditions: IfCondition[] = [];
    for (skip(); header[i] !== ")"; skip()) {
      if (i >= header.length) throw new Error("unclosed (");
      let not = false;
      if (header.slice(i, i + 3).toLowerCase() === "not") {
        not = true;
        i += 3;
        skip();
      }
      if (header[i] === "<") conditions.push({ not, token: until(">").trim() });
      else if (header[i] === "[") conditions.push({ not, etag: until("]").trim() });
      else throw new Error(`unexpected ${header[i] ?? "end"}`);
    }
    i++;
    if (conditions.length === 0) throw new Error("empty list");
    lists.push({ ...(resource !== undefined && { resource }), conditions });
  }
  if (lists.length === 0) throw new Error("no list");
  return lists;
}

/** What a condition is checked against: a resource's entity tag (none if it does not exist) and the tokens of the locks on it. */
export interface IfState {
  etag: string | undefined;
  tokens: ReadonlySet<string>;
}

const weak = (etag: string) => etag.replace(/^W\//, "");

/**
 * Whether the header holds: some list whose every condition is true of its resource. `stateOf`
 * gives the state of a list's resource (its tag, undefined for the request's), or undefined
 * when the tag names nothing here (that list is false).
 */
export async function evaluateIf(
  lists: readonly IfList[],
  stateOf: (resource: string | undefined) => Promise<IfState | undefined>,
): Promise<boolean> {
  for (const list of lists) {
    const state = await stateOf(list.resource);
    if (!state) continue;
    const holds = list.conditions.every((condition) => {
      const match =
        "token" in condition
          ? state.tokens.has(condition.token)
          : state.etag !== undefined && weak(state.etag) === weak(condition.etag);
      return condition.not ? !match : match;
    });
    if (holds) return true;
  }
  return false;
}

/** The lock tokens an `If` header submits: every state token it names (not negated). */
export function submittedTokens(lists: readonly IfList[]): Set<string> {
  const tokens = new Set<string>();
  for (const list of lists) {
    for (const condition of list.conditions) {
      if ("token" in condition && !condition.not) tokens.add(condition.token);
    }
  }
  return tokens;
}
