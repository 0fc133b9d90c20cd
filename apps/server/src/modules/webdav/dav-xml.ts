/** A property name: namespace URI and local name (`DAV:` + `getetag`). */
export interface PropName {
  ns: string;
  name: string;
}

/** What a PROPFIND body asks for (RFC 4918 §9.1): every live property, their names, or a list. */
export type PropfindRequest =
  | { kind: "allprop" }
  | { kind: "propname" }
  | { kind: "prop"; props: PropName[] };

const TAG =
  /<(\/?)([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Element names of a small XML body with their namespaces resolved, in document order. */
interface Element {
  ns: string;
  name: string;
  depth: number;
  /** The namespace declarations in scope inside it (prefix → URI, '' the default). */
  namespaces: Map<string, string>;
  /** Where its content starts and ends in `body` (equal for an empty element). */
  contentStart: number;
  contentEnd: number;
}

/**
 * Reads the elements of a WebDAV request body (no DTDs, no entities: only names and
 * namespace declarations matter). Throws on a body that does not nest properly.
 */
export function readElements(xml: string): { body: string; elements: Element[] } {
  const body = xml.replace(/<\?[\s\S]*?\?>/g, "").replace(/<!--[\s\S]*?-->/g, "");
  if (/<!/.test(body)) throw new Error("DTDs and CDATA are not accepted");
  const scopes: Array<{ name: string; namespaces: Map<string, string>; element: Element }> = [];
  const elements: Element[] = [];
  for (const match of body.matchAll(TAG)) {
    const [, closing, prefixed, local, attributes = "", selfClosing] = match;
    const prefix = prefixed ? prefixed.slice(0, -1) : "";
    const qualified = `${prefix}:${local}`;
    if (closing) {
      const open = scopes.pop();
      if (!open || open.name !== qualified) throw new Error("mismatched closing tag");
      open.element.contentEnd = match.index;
      continue;
    }
    const namespaces = new Map(scopes.at(-1)?.namespaces ?? []);
    for (const attribute of attributes.matchAll(ATTRIBUTE)) {
      const [, key = "", double, single] = attribute;
      const value = double ?? single ?? "";
      if (key === "xmlns") namespaces.set("", value);
      else if (key.startsWith("xmlns:")) {
        // Namespaces in XML 1.0 §3: a prefix cannot be bound to the empty name.
        if (value === "") throw new Error(`prefix ${key.slice(6)} bound to no namespace`);
        namespaces.set(key.slice(6), value);
      }
    }
    const ns = namespaces.get(prefix);
    if (ns === undefined && prefix !== "") throw new Error(`undeclared prefix ${prefix}`);
    const end = match.index + match[0].length;
    const element: Element = {
      ns: ns ?? "",
      name: local ?? "",
      depth: scopes.length,
      namespaces,
      contentStart: end,
      contentEnd: end,
    };
    elements.push(element);
    if (!selfClosing) scopes.push({ name: qualified, namespaces, element });
  }
  if (scopes.length > 0) throw new Error("unclosed element");
  return { body, elements };
}

/** One change of a PROPPATCH, in document order: set a property to a value, or remove it. */
export type PropertyChange =
  | { op: "set"; prop: PropName; value: string; namespaces: Record<string, string> }
  | { op: "remove"; prop: PropName };

/** The changes of a PROPPATCH body (RFC 4918 §9.2, `DAV:propertyupdate`). Throws on a malformed one. */
export function parsePropertyUpdate(xml: string): PropertyChange[] {
  const { body, elements } = readElements(xml);
  const root = elements[0];
  if (root?.ns !== "DAV:" || root.name !== "propertyupdate") throw new Error("not a DAV:propertyupdate");
  const changes: PropertyChange[] = [];
  let op: "set" | "remove" | undefined;
  let inProp = false;
  for (const element of elements.slice(1)) {
    if (element.depth === 1) {
      op =
        element.ns === "DAV:" && (element.name === "set" || element.name === "remove")
          ? element.name
          : undefined;
      inProp = false;
    } else if (element.depth === 2) {
      inProp = op !== undefined && element.ns === "DAV:" && element.name === "prop";
    } else if (element.depth === 3 && inProp && op) {
      const prop = { ns: element.ns, name: element.name };
      if (op === "remove") changes.push({ op, prop });
      else {
        const value = body.slice(element.contentStart, element.contentEnd);
        changes.push({ op, prop, value, namespaces: Object.fromEntries(element.namespaces) });
      }
    }
  }
  if (changes.length === 0) throw new Error("no property to change");
  return changes;
}

/** The request of a PROPFIND body; an empty body means allprop. Throws on a malformed one. */
export function parsePropfind(xml: string): PropfindRequest {
  if (xml.trim() === "") return { kind: "allprop" };
  const { elements } = readElements(xml);
  const root = elements[0];
  if (root?.ns !== "DAV:" || root.name !== "propfind") throw new Error("not a DAV:propfind");
  const choice = elements.find((element) => element.depth === 1 && element.ns === "DAV:");
  if (choice?.name === "propname") return { kind: "propname" };
  if (choice?.name === "prop") {
    const props = elements.filter((element) => element.depth === 2).map(({ ns, name }) => ({ ns, name }));
    return { kind: "prop", props };
  }
  return { kind: "allprop" };
}

export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );
}

/** One `<D:response>`: an href, the properties found (as XML fragments) and the names not found. */
export interface DavResponse {
  href: string;
  /** `xml` is the property's content, or with `whole` its complete element (a dead property). */
  found: Array<{ prop: PropName; xml: string; whole?: boolean }>;
  missing: PropName[];
  /** Properties answered with another status (PROPPATCH: 403, 424), by status line. */
  failed?: Array<{ status: string; props: PropName[] }>;
}

/** A dead property's element: its value inside, with the namespaces that were in scope when it was set. */
export function deadPropertyXml(prop: PropName, value: string, namespaces: Record<string, string>): string {
  const inScope = Object.entries(namespaces).filter(([prefix]) => prefix !== "nimbusdp");
  const declare = ([prefix, uri]: [string, string]) =>
    prefix === "" ? ` xmlns="${escapeXml(uri)}"` : ` xmlns:${prefix}="${escapeXml(uri)}"`;
  // A property in no namespace is unprefixed, with the default namespace undone.
  const tag = prop.ns === "" ? prop.name : `nimbusdp:${prop.name}`;
  const own = prop.ns === "" ? ' xmlns=""' : ` xmlns:nimbusdp="${escapeXml(prop.ns)}"`;
  const declarations = inScope
    .filter(([prefix]) => prop.ns !== "" || prefix !== "")
    .map(declare)
    .join("");
  const open = `<${tag}${own}${declarations}`;
  return value === "" ? `${open}/>` : `${open}>${value}</${tag}>`;
}

function element(prop: PropName, inner: string): string {
  if (prop.ns === "DAV:")
    return inner === "" ? `<D:${prop.name}/>` : `<D:${prop.name}>${inner}</D:${prop.name}>`;
  if (prop.ns === "")
    return inner === "" ? `<${prop.name} xmlns=""/>` : `<${prop.name} xmlns="">${inner}</${prop.name}>`;
  const ns = escapeXml(prop.ns);
  return inner === ""
    ? `<X:${prop.name} xmlns:X="${ns}"/>`
    : `<X:${prop.name} xmlns:X="${ns}">${inner}</X:${prop.name}>`;
}

/** A `207 Multi-Status` body (RFC 4918 §13). */
export function multistatus(responses: readonly DavResponse[]): string {
  const parts = ['<?xml version="1.0" encoding="utf-8"?>\n<D:multistatus xmlns:D="DAV:">'];
  for (const response of responses) {
    parts.push(`<D:response><D:href>${escapeXml(response.href)}</D:href>`);
    if (response.found.length > 0) {
      const props = response.found.map(({ prop, xml, whole }) => (whole ? xml : element(prop, xml))).join("");
      parts.push(`<D:propstat><D:prop>${props}</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>`);
    }
    if (response.missing.length > 0) {
      const props = response.missing.map((prop) => element(prop, "")).join("");
      parts.push(
        `<D:propstat><D:prop>${props}</D:prop><D:status>HTTP/1.1 404 Not Found</D:status></D:propstat>`,
      );
    }
    for (const { status, props } of response.failed ?? []) {
      const names = props.map((prop) => element(prop, "")).join("");
      parts.push(`<D:propstat><D:prop>${names}</D:prop><D:status>HTTP/1.1 ${status}</D:status></D:propstat>`);
    }
    parts.push("</D:response>");
  }
  parts.push("</D:multistatus>\n");
  return parts.join("");
}

/** A LOCK body (RFC 4918 §9.10, `DAV:lockinfo`): the scope and the owner element, `DAV:` prefixed `D`. */
export interface LockInfo {
  scope: "exclusive" | "shared";
  /** The complete `<D:owner>` element, with the namespaces its content uses declared; '' without one. */
  owner: string;
}

/** The lock a LOCK body asks for; undefined for an empty body (a refresh). Throws on a malformed one. */
export function parseLockInfo(xml: string): LockInfo | undefined {
  if (xml.trim() === "") return undefined;
  const { body, elements } = readElements(xml);
  const root = elements[0];
  if (root?.ns !== "DAV:" || root.name !== "lockinfo") throw new Error("not a DAV:lockinfo");
  const child = (name: string) =>
    elements.find((element) => element.depth === 1 && element.ns === "DAV:" && element.name === name);
  const scope = child("lockscope");
  const inScope = (parent: Element | undefined, name: string) =>
    parent !== undefined &&
    elements.some(
      (element) =>
        element.depth === 2 &&
        element.ns === "DAV:" &&
        element.name === name &&
        element.contentStart > parent.contentStart &&
        element.contentEnd <= parent.contentEnd,
    );
  const exclusive = inScope(scope, "exclusive");
  if (!exclusive && !inScope(scope, "shared")) throw new Error("lockscope is neither exclusive nor shared");
  if (!inScope(child("locktype"), "write")) throw new Error("only write locks exist");
  const owner = child("owner");
  let ownerXml = "";
  if (owner) {
    const value = body.slice(owner.contentStart, owner.contentEnd);
    const declarations = [...owner.namespaces]
      .filter(([prefix, uri]) => !(prefix === "D" && uri === "DAV:"))
      .map(([prefix, uri]) =>
        prefix === "" ? ` xmlns="${escapeXml(uri)}"` : ` xmlns:${prefix}="${escapeXml(uri)}"`,
      )
      .join("");
    ownerXml = value === "" ? `<D:owner${declarations}/>` : `<D:owner${declarations}>${value}</D:owner>`;
  }
  return { scope: exclusive ? "exclusive" : "shared", owner: ownerXml };
}

/** One `<D:activelock>` (RFC 4918 §14.1) of a lock rooted at `rootHref`, `seconds` left. */
export function activeLockXml(
  lock: { token: string; depth: string; scope: string; owner: string },
  rootHref: string,
  seconds: number,
): string {
  return (
    `<D:activelock><D:locktype><D:write/></D:locktype><D:lockscope><D:${lock.scope}/></D:lockscope>` +
    `<D:depth>${lock.depth}</D:depth>${lock.owner}<D:timeout>Second-${Math.max(0, Math.ceil(seconds))}</D:timeout>` +
    `<D:locktoken><D:href>${escapeXml(lock.token)}</D:href></D:locktoken>` +
    `<D:lockroot><D:href>${escapeXml(rootHref)}</D:href></D:lockroot></D:activelock>`
  );
}

/** The value of `DAV:supportedlock`: exclusive and shared write locks. */
export const SUPPORTED_LOCK_XML =
  "<D:lockentry><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>" +
  "<D:lockentry><D:lockscope><D:shared/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>";

/** A `DAV:error` body (RFC 4918 §16) with one precondition, e.g. `lock-token-submitted` and its hrefs. */
export function davError(condition: string, hrefs: readonly string[] = []): string {
  const inner = hrefs.map((href) => `<D:href>${escapeXml(href)}</D:href>`).join("");
  const element = inner === "" ? `<D:${condition}/>` : `<D:${condition}>${inner}</D:${condition}>`;
  return `<?xml version="1.0" encoding="utf-8"?>\n<D:error xmlns:D="DAV:">${element}</D:error>\n`;
}
