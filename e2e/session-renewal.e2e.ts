import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import { startBuiltServer } from "../scripts/built-server.mjs";
import { browserClockNow } from "./support/chromium.js";
import { expect, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";

// The cookie session lasts 60 days and slides once less than half is left. A drive page
// whose loaders' calls renew it must hand the browser the renewed cookie, also when the
// page answers with a redirect that sets a cookie of its own (a link into the drive with
// ?locale=): dropped, the browser's cookie would die on its old date while the session
// lived on. The server runs 31 days ahead under libfaketime; the browser's cookie is
// aged by as much, as it would have been.
const DAY_MS = 86_400_000;
const LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";

/** A server's environment for a clock `days` ahead of this runner's (which .ci/run may already move). */
function daysAhead(days: number): Record<string, string> {
  const offsetS = Number(/^\+(-?\d+)s$/.exec(process.env.FAKETIME ?? "")?.[1] ?? 0);
  return {
    LD_PRELOAD: LIBFAKETIME,
    FAKETIME: `+${offsetS + (days * DAY_MS) / 1000}s`,
    FAKETIME_DONT_FAKE_MONOTONIC: "1",
  };
}

async function sessionCookie(context: BrowserContext) {
  const session = (await context.cookies()).find((cookie) => cookie.name === "nimbus_session");
  if (!session) throw new Error("no session cookie");
  return session;
}

async function sessionExpiry(context: BrowserContext): Promise<number> {
  return (await sessionCookie(context)).expires * 1000;
}

/** The browser's session cookie as it stands 31 days after the sign-in: 29 days left. */
async function ageSession(context: BrowserContext): Promise<void> {
  const session = await sessionCookie(context);
  await context.addCookies([{ ...session, expires: (browserClockNow() + 29 * DAY_MS) / 1000 }]);
}

test("a drive page renews the sliding session cookie, redirect or not", async ({ browser }) => {
  expect(existsSync(LIBFAKETIME), `${LIBFAKETIME} (Debian's faketime package)`).toBe(true);
  const dataDir = mkdtempSync(path.join(tmpdir(), "nimbus-renewal-"));
  const first = await startBuiltServer({ dataDir });
  const plain = await browser.newContext({ baseURL: first.url });
  const redirected = await browser.newContext({ baseURL: first.url });
  let later: { url: string; stop(): Promise<void> } | undefined;
  try {
    const page = await plain.newPage();
    const ja = await redirected.newPage();
    await signUpInBrowser(page, { dataDir });
    await signUpInBrowser(ja, { dataDir });
    await first.stop();
    later = await startBuiltServer({ dataDir, env: daysAhead(31) });

    await ageSession(plain);
    await page.goto(`${later.url}/drive/all`);
    expect(await sessionExpiry(plain)).toBeGreaterThan(browserClockNow() + 59 * DAY_MS);

    await ageSession(redirected);
    await ja.goto(`${later.url}/drive/all?locale=ja`);
    await expect(ja).toHaveURL(/\/drive\/all$/);
    expect((await redirected.cookies()).find((cookie) => cookie.name === "pp_locale")?.value).toBe("ja");
    expect(await sessionExpiry(redirected)).toBeGreaterThan(browserClockNow() + 59 * DAY_MS);
  } finally {
    await plain.close();
    await redirected.close();
    await later?.stop();
    await first.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
});
