import type { Page } from "@playwright/test";
import { skipGuide } from "./support/drive.js";
import { catalogue, expect, gotoHydrated, test } from "./support/fixtures.js";
import { signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";

// The drive's session comes with the page (layouts/drive.tsx's loader): the shell is
// rendered signed in by the server, and the browser asks for the profile, storage and
// premium only on later navigations (the sign-in refresh of spec §4).

const en = catalogue("en-US");
const SESSION_CALLS = ["/v1/user/me", "/drive/v1/about", "/drive/v1/privilege/vip"];

function sessionCalls(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (SESSION_CALLS.includes(pathname)) asked.push(pathname);
  });
  return asked;
}

const userIdCookie = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === "pp_user_id")?.value;

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

test("the server renders the signed-in shell; the browser asks for the session only on navigating", async ({
  page,
}) => {
  const account = await signUpInBrowser(page);
  const html = await (await page.request.get("/drive/all")).text();
  // The sidebar's storage is in the server's answer, not a placeholder filled in later.
  expect(html).toMatch(/<p class="usage-text">[^<]+ of [^<]+ used<\/p>/);

  const asked = sessionCalls(page);
  await gotoHydrated(page, "/drive/all");
  await expect(page.getByRole("progressbar", { name: en["drive.usage.label"] })).toBeVisible();
  // The refresh's user id cookie is stored without asking for the profile again.
  await expect.poll(() => userIdCookie(page)).toBe(account.userId);
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);

  // A client navigation runs the sign-in refresh: the profile, once.
  await page.getByRole("link", { name: en["drive.nav.recent"] }).click();
  await expect(page).toHaveURL(/\/drive\/recent$/);
  await expect.poll(() => asked).toEqual(["/v1/user/me"]);
});

test("a session ended elsewhere renders signed out and clears the user id cookie", async ({ page }) => {
  await signUpInBrowser(page);
  await gotoHydrated(page, "/drive/all");
  await expect.poll(() => userIdCookie(page)).toBeTruthy();
  const kept = (await page.context().cookies()).filter((cookie) => cookie.name === "nimbus_session");
  await page.request.post("/v1/auth/signout", { headers: WEB_CLIENT_HEADERS });
  // The browser still holds the ended session's cookie, as one signed out on another device does.
  await page.context().addCookies(kept);

  const asked = sessionCalls(page);
  await gotoHydrated(page, "/drive/all");
  await expect(page.getByText(en["drive.signedOut.body"] ?? "")).toBeVisible();
  await expect.poll(() => userIdCookie(page)).toBeUndefined();
  expect(asked).toEqual([]);
});
