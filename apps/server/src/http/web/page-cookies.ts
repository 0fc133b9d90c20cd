import type { OutgoingHttpHeaders, ServerResponse } from "node:http";

type WriteHead = ServerResponse["writeHead"];

/**
 * Cookies a page's answer carries beside React Router's own: the invite cookie, and a
 * session that its loaders' in-process calls renewed. Set on the response beforehand,
 * they would be lost whenever React Router's headers name Set-Cookie too (a locale
 * redirect's): `writeHead(status, rawHeaders)` replaces a header set earlier by each one
 * the raw list names. So they join the headers as the response writes them. One line
 * per cookie name: the latest wins (three calls may each renew the same session).
 */
export class PageCookies {
  private readonly lines = new Map<string, string>();

  add(setCookie: string): void {
    this.lines.set(setCookie.slice(0, setCookie.indexOf("=")), setCookie);
  }

  /** Makes `response` write these cookies with whatever headers it is given. */
  attachTo(response: ServerResponse): void {
    const writeHead: WriteHead = response.writeHead;
    const lines = this.lines;
    response.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
      const cookies = [...lines.values()];
      const last = rest.at(-1);
      if (cookies.length > 0 && Array.isArray(last)) {
        rest[rest.length - 1] = withRawCookies(last, cookies);
      } else if (cookies.length > 0 && last !== null && typeof last === "object") {
        rest[rest.length - 1] = withCookies(last as OutgoingHttpHeaders, cookies);
      } else {
        for (const line of cookies) this.appendHeader("set-cookie", line);
      }
      return (writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse).call(
        this,
        status,
        ...rest,
      );
    } as WriteHead;
  }
}

function withCookies(headers: OutgoingHttpHeaders, cookies: string[]): OutgoingHttpHeaders {
  const name = Object.keys(headers).find((key) => key.toLowerCase() === "set-cookie") ?? "set-cookie";
  const given = headers[name];
  const own = given === undefined ? [] : Array.isArray(given) ? given : [String(given)];
  return { ...headers, [name]: [...own, ...cookies] };
}

/**
 * The raw list with every Set-Cookie in one entry. Once any header was set on the
 * response (web.ts sets the page's policy first), Node 20 applies a raw list with
 * `setHeader`, pair by pair, so of several Set-Cookie pairs only the last would be sent.
 */
function withRawCookies(raw: unknown[], cookies: string[]): unknown[] {
  const kept: unknown[] = [];
  const lines: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (String(raw[i]).toLowerCase() === "set-cookie") lines.push(...[raw[i + 1]].flat().map(String));
    else kept.push(raw[i], raw[i + 1]);
  }
  return [...kept, "set-cookie", [...lines, ...cookies]];
}
