import { mkdirSync } from "node:fs";
import { catalogue, expect, test } from "./support/fixtures.js";
import { adminRequest, signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";
import { SCREEN_SIZES, THEMES, themedContext } from "./support/themed-context.js";

// Feedback that reaches someone (the feedback page and the admin API), and an operator's
// announcement shown in zh-CN. Screenshots: test-results/screenshots/feedback-*.png, announcement-*.png.
const DIR = new URL("../test-results/screenshots/", import.meta.url);
const en = catalogue("en-US");

test("a user sends feedback, sees it received, and then sees the admin's reply", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  mkdirSync(DIR, { recursive: true });
  await signUpInBrowser(page);
  // The drive's first-visit guide would cover the form.
  await page.context().addInitScript(() => localStorage.setItem("pp_new_user", "init"));
  await page.goto("/drive/feedback");
  const message = `The preview of big videos stutters ${Date.now()}`;
  await page.locator("#fb-topic").selectOption("bug");
  await page.locator("#fb-message").fill(message);
  await page.getByRole("button", { name: en["feedback.send"] }).click();
  await expect(page.getByRole("status").filter({ hasText: en["feedback.sent"] as string })).toBeVisible();
  const item = page.locator(".feedback-item", { hasText: message });
  await expect(item).toContainText(en["feedback.status.open"] as string);

  const admin = await adminRequest(browser, baseURL ?? "");
  const inbox = await admin.get("/admin/v1/feedback?status=open");
  expect(inbox.status()).toBe(200);
  const stored = ((await inbox.json()) as { data: { id: string; text: string }[] }).data.find(
    (f) => f.text === message,
  );
  expect(stored).toBeDefined();
  const reply = await admin.post(`/admin/v1/feedback/${stored?.id}/reply`, {
    headers: WEB_CLIENT_HEADERS,
    data: { text: "Thanks, fixed in the next release." },
  });
  expect(reply.status(), await reply.text()).toBe(200);

  await page.reload();
  await expect(item).toContainText("Thanks, fixed in the next release.");
  await expect(item).toContainText(en["feedback.status.answered"] as string);

  const storageState = await page.context().storageState();
  for (const size of SCREEN_SIZES) {
    for (const theme of THEMES) {
      const context = await themedContext(browser, baseURL ?? "", size, theme, { storageState });
      const shot = await context.newPage();
      await shot.goto("/drive/feedback", { waitUntil: "networkidle" });
      await expect(shot.locator(".feedback-item", { hasText: message })).toBeVisible();
      await shot.screenshot({
        path: new URL(`feedback-${size.width}x${size.height}-${theme}.png`, DIR).pathname,
        fullPage: true,
      });
      await context.close();
    }
  }
});

test("an operator's announcement shows in zh-CN without a redeploy, and a rollback removes it", async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(180_000);
  mkdirSync(DIR, { recursive: true });
  const admin = await adminRequest(browser, baseURL ?? "");
  const current = (await (await admin.get("/admin/v1/config")).json()) as {
    version: number;
    document: Record<string, unknown>;
  };
  const text = "今晚 23:00 起维护一小时";
  const saved = await admin.put("/admin/v1/config", {
    headers: WEB_CLIENT_HEADERS,
    data: {
      document: {
        ...current.document,
        announcements: [
          {
            id: "e2e",
            level: "warning",
            texts: { "en-US": { text: "Maintenance tonight" }, "zh-CN": { text } },
          },
        ],
      },
      note: "e2e announcement",
      base_version: current.version,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  try {
    await page.goto("/zh-CN");
    await expect(page.locator(".announcement")).toHaveText(text);
    for (const size of SCREEN_SIZES) {
      for (const theme of THEMES) {
        const context = await themedContext(browser, baseURL ?? "", size, theme);
        const shot = await context.newPage();
        await shot.goto("/zh-CN", { waitUntil: "networkidle" });
        await expect(shot.locator(".announcement")).toHaveText(text);
        await shot.screenshot({
          path: new URL(`announcement-${size.width}x${size.height}-${theme}.png`, DIR).pathname,
        });
        await context.close();
      }
    }
  } finally {
    const rolledBack = await admin.post(`/admin/v1/config/versions/${current.version}:rollback`, {
      headers: WEB_CLIENT_HEADERS,
    });
    expect(rolledBack.status(), await rolledBack.text()).toBe(200);
  }
  await page.goto("/zh-CN");
  await expect(page.locator(".announcement")).toHaveCount(0);
});
