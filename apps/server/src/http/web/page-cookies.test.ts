import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { PageCookies } from "./page-cookies.js";

/** The Set-Cookie lines a real HTTP client receives when `write` answers with `cookies` attached. */
async function setCookiesOf(cookies: PageCookies, write: (response: ServerResponse) => void) {
  const server = createServer((_request, response) => {
    // As web.ts does before React Router answers. A header set first changes how Node 20
    // applies a raw header list: pair by pair, each replacing the one of its name.
    response.setHeader("cache-control", "no-store");
    cookies.attachTo(response);
    write(response);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return (await fetch(`http://127.0.0.1:${port}/`, { redirect: "manual" })).headers.getSetCookie();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("PageCookies", () => {
  it("keeps its cookies beside the raw headers' own Set-Cookie, as React Router writes a redirect", async () => {
    const cookies = new PageCookies();
    cookies.add("nimbus_session=abc; Path=/; Max-Age=2592000; HttpOnly");
    // @react-router/node writes the Response's headers as a raw list, one pair per cookie.
    const lines = await setCookiesOf(cookies, (response) =>
      response.writeHead(302, [
        "location",
        "/en-US",
        "set-cookie",
        "pp_locale=en-US; Path=/",
        "set-cookie",
        "b=2",
      ]),
    );
    expect(lines).toEqual([
      "pp_locale=en-US; Path=/",
      "b=2",
      "nimbus_session=abc; Path=/; Max-Age=2592000; HttpOnly",
    ]);
  });

  it("joins headers given as an object, and a head written without headers", async () => {
    const cookies = new PageCookies();
    cookies.add("pp_invite=CODE; Path=/");
    expect(
      await setCookiesOf(cookies, (response) => response.writeHead(200, { "Set-Cookie": "a=1; Path=/" })),
    ).toEqual(["a=1; Path=/", "pp_invite=CODE; Path=/"]);
    expect(await setCookiesOf(cookies, (response) => response.writeHead(200, "OK"))).toEqual([
      "pp_invite=CODE; Path=/",
    ]);
    expect(await setCookiesOf(cookies, (response) => response.writeHead(204))).toEqual([
      "pp_invite=CODE; Path=/",
    ]);
  });

  it("sends one line per cookie name, the latest, and nothing when none was added", async () => {
    const cookies = new PageCookies();
    cookies.add("nimbus_session=abc; Max-Age=100");
    cookies.add("nimbus_session=abc; Max-Age=200");
    expect(await setCookiesOf(cookies, (response) => response.writeHead(200, []))).toEqual([
      "nimbus_session=abc; Max-Age=200",
    ]);
    expect(
      await setCookiesOf(new PageCookies(), (response) =>
        response.writeHead(200, ["content-type", "text/html"]),
      ),
    ).toEqual([]);
  });
});
