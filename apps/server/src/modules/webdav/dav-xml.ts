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
}

/**
 * Reads the elements of a WebDAV request body (no DTDs, no entities: only names and
 * namespace declarations matter). Throws on a body that does not nest properly.
 */
export function readElements(xml: string): Element[] {
  const body = xml.replace(/<\?[\s\S]*?\?>/g, "").replace(/<!--[\s\S]*?-->/g, "");
  if (/<!/.test(body)) throw new Error("DTDs and CDATA are not accepted");
  const scopes: Array<{ name: string; namespaces: Map<string, string> }> = [];
  const elements: Element[] = [];
  for (const match of body.matchAll(TAG)) {
    const [, closing, prefixed, local, attributes = "", selfClosing] = match;
    const prefix = prefixed ? prefixed.slice(0, -1) : "";
    const qualified = `${prefix}:${local}`;
    if (closing) {
      const open = scopes.pop();
      if (!open || open.name !== qualified) throw new Error("mismatched closing tag");
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
    elements.push({ ns: ns ?? "", name: local ?? "", depth: scopes.length });
    if (!selfClosing) scopes.push({ name: qualified, namespaces });
  }
  if (scopes.length > 0) throw new Error("unclosed element");
  return elements;
}

/** The request of a PROPFIND body; an empty body means allprop. Throws on a malformed one. */
export function parsePropfind(xml: string): PropfindRequest {
  if (xml.trim() === "") return { kind: "allprop" };
  const elements = readElements(xml);
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
  found: Array<{ prop: PropName; xml: string }>;
  missing: PropName[];
}

function element(prop: PropName, inner: string): string {
  if (prop.ns === "DAV:")
    return inner === "" ? `<D:${prop.name}/>` : `<D:${prop.name}>${inner}</D:${prop.name}>`;
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
      const props = response.found.map(({ prop, xml }) => element(prop, xml)).join("");
      parts.push(`<D:propstat><D:prop>${props}</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>`);
    }
    if (response.missing.length > 0) {
      const props = response.missing.map((prop) => element(prop, "")).join("");
      parts.push(
        `<D:propstat><D:prop>${props}</D:prop><D:status>HTTP/1.1 404 Not Found</D:status></D:propstat>`,
      );
    }
    parts.push("</D:response>");
  }
  parts.push("</D:multistatus>\n");
  return parts.join("");
}
