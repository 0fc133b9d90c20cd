import { expect, test } from "./support/fixtures.js";
import { signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";

// The shared sign-up every journey uses goes the way a new user's does: a code mailed into the built
// server's DATA_DIR/mail outbox, verified, then sign-up into the browser's cookie session.
test("signs up with a code read from DATA_DIR/mail, into the browser's cookie session", async ({ page }) => {
  const account = await signUpInBrowser(page);
  const me = await page.request.get("/v1/user/me", { headers: WEB_CLIENT_HEADERS });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ sub: account.userId, email: account.email, password: "set" });
  const again = await signUpInBrowser(page);
  expect(again.userId).not.toBe(account.userId);
});
