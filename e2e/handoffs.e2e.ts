import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "@playwright/test";
import { authorizeWebCode, signInAsClient } from "./accounts-helpers.js";
import { PERSON_USER_AGENT } from "./support/chromium.js";
import { catalogue, expect, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";

// The hand-offs of spec §4 in a real browser: an app (desktop, extension, mobile
// webview) that is signed in hands its sign-in to a browser that is not. Each starts
// with an account and an app token; a fresh browser context then opens /auth.
const en = catalogue("en-US");

async function appAccount(page: Page, baseURL: string, clientId: string) {
  const account = await signUpInBrowser(page);
  const { access_token } = await signInAsClient(baseURL, clientId, account);
  return { ...account, token: access_token };
}

async function freshPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, userAgent: PERSON_USER_AGENT });
  return context.newPage();
}

/** The signed-in user as the page's cookie session sees it. */
async function sessionUser(page: Page): Promise<string | undefined> {
  const response = await page.request.get("/v1/user/me");
  return response.ok() ? ((await response.json()) as { sub: string }).sub : undefined;
}

async function expectHandedOff(page: Page, userId: string) {
  await expect(page).toHaveURL(/\/en-US\/auth-success$/, { timeout: 10_000 });
  expect(await sessionUser(page)).toBe(userId);
}

test.describe("desktop client (from_source=pc_client, hex port)", () => {
  let server: Server;
  let port = 0;
  let token = "";
  let origin = "";
  const seen: string[] = [];

  test.beforeAll(async () => {
    server = createServer((request, response) => {
      const cors = {
        "access-control-allow-origin": request.headers.origin ?? "*",
        "access-control-allow-methods": "POST",
        "access-control-allow-headers": "content-type",
        "access-control-allow-private-network": "true",
        "access-control-expose-headers": "x-nimbus-auth-code",
      };
      if (request.method === "OPTIONS") return response.writeHead(204, cors).end();
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", async () => {
        seen.push(`${request.method} ${request.url}`);
        const { code_challenge, code_challenge_method } = JSON.parse(body) as {
          code_challenge: string;
          code_challenge_method: string;
        };
        // The desktop app asks the server for a code bound to the page's challenge.
        const code = await authorizeWebCode(origin, token, { code_challenge, code_challenge_method });
        response.writeHead(200, { ...cors, "x-nimbus-auth-code": code }).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("the page posts to the loopback port and exchanges the code from the response header", async ({
    page,
    browser,
    baseURL,
  }) => {
    origin = baseURL ?? "";
    const account = await appAccount(page, origin, "nimbus-desktop");
    token = account.token;
    const other = await freshPage(browser, origin);
    await other.goto(`/auth?from_source=pc_client&port=${port.toString(16)}`);
    await expectHandedOff(other, account.userId);
    expect(seen).toEqual(["POST /nimbus/auth"]);
    await other.context().close();
  });
});

test("browser extension: a content script answers the login request with a code", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const account = await appAccount(page, origin, "nimbus-extension");
  const other = await freshPage(browser, origin);
  await other.addInitScript((bearer) => {
    window.addEventListener("message", async (event) => {
      const data = event.data as { source?: string; type?: string; id?: string; code_challenge?: string };
      if (data?.source !== "nimbus-web" || data.type !== "login_request") return;
      const response = await fetch("/v1/auth/authorize", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${bearer}` },
        body: JSON.stringify({
          client_id: "nimbus-web",
          code_challenge: data.code_challenge,
          code_challenge_method: "S256",
        }),
      });
      const { code } = (await response.json()) as { code: string };
      window.postMessage(
        { source: "nimbus-extension", type: "login_response", id: data.id, code },
        location.origin,
      );
    });
  }, account.token);
  await other.goto("/auth?from_source=pp_browser_extension");
  await expectHandedOff(other, account.userId);
  await other.context().close();
});

test("browser extension: no answer within 5 s falls back to signing in here", async ({
  browser,
  baseURL,
}) => {
  const other = await freshPage(browser, baseURL ?? "");
  const started = Date.now();
  await other.goto("/auth?from_source=pp_browser_extension");
  await expect(other.getByRole("heading", { name: en["accounts.handoff.failedTitle"] })).toBeVisible({
    timeout: 8_000,
  });
  expect(Date.now() - started).toBeGreaterThanOrEqual(4_500);
  await expect(other).toHaveURL(/\/auth$/);
  await other.context().close();
});

test("a code in the address without a state switches accounts once the person confirms", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const account = await appAccount(page, origin, "nimbus-mobile");
  const code = await authorizeWebCode(origin, account.token);
  const other = await freshPage(browser, origin);
  const before = await signUpInBrowser(other); // someone else is signed in there first
  await other.goto(`/auth?code=${encodeURIComponent(code)}`);
  const continueAs = other.getByRole("button", { name: /^Continue as / });
  await expect(continueAs).toBeVisible({ timeout: 15_000 });
  // Asking signed nobody out.
  expect(await sessionUser(other)).toBe(before.userId);
  await continueAs.click();
  await expectHandedOff(other, account.userId);
  await other.context().close();
});

test("app webview (bridge_auth=1): the app's bridge hands over a code", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const account = await appAccount(page, origin, "nimbus-mobile");
  const code = await authorizeWebCode(origin, account.token);
  const other = await freshPage(browser, origin);
  await other.addInitScript((handed) => {
    (window as unknown as Record<string, unknown>).NimbusAppBridge = {
      getAuthCode: () => JSON.stringify({ code: 0, data: { code: handed } }),
    };
  }, code);
  await other.goto("/auth?bridge_auth=1");
  await expectHandedOff(other, account.userId);
  await other.context().close();
});

test("app webview: a bridge without the method reports 404 'method is not declared'", async ({
  browser,
  baseURL,
}) => {
  const other = await freshPage(browser, baseURL ?? "");
  await other.addInitScript(() => {
    (window as unknown as Record<string, unknown>).NimbusAppBridge = {};
  });
  await other.goto("/auth?bridge_auth=1");
  await expect(other.getByText("404 method is not declared")).toBeVisible();
  await expect(other.getByRole("link", { name: en["auth.manual"] })).toBeVisible();
  await other.context().close();
});
