import { mkdirSync } from "node:fs";
import type { Browser, Cookie, Page } from "@playwright/test";
import { PERSON_USER_AGENT } from "./support/chromium.js";
import { skipGuide } from "./support/drive.js";
import { catalogue, expect, settled, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";
import { pageErrors, SCREEN_SIZES, THEMES, themedContext } from "./support/themed-context.js";

// Issue 19 item 5 (decision 0044): every view a new user opens says what belongs there and
// offers the next step, and a view whose call fails says so in words with Try again,
// telling "you are offline" from a server failure. Screenshots:
// test-results/screenshots/states-<view>-<w>x<h>-<theme>.png.

const en = catalogue("en-US");
const text = (key: string) => en[key] ?? key;
const DIR = new URL("../test-results/screenshots/", import.meta.url);

/** The drive's file list, the tasks list, my shares and the orders: the calls the failures break. */
const LIST_FILES = "**/drive/v1/files?*";
const LIST_TASKS = "**/drive/v1/tasks?*";
const LIST_SHARES = "**/drive/v1/share/list*";
const LIST_ORDERS = "**/vip/v1/orders*";

/** Answers a call with a bare 500 (no error body), as a crashed upstream would. */
async function failWith500(page: Page, pattern: string): Promise<void> {
  await page.route(pattern, (route) => route.fulfill({ status: 500, body: "" }));
}

const emptyState = (page: Page) => page.locator(".empty-state");
const failure = (page: Page) => page.locator(".load-failed");

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

test("a new user's empty views each offer the next step", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpInBrowser(page);

  // My Drive: Upload opens the file picker, New folder its dialog, Cloud download its dialog.
  await page.goto("/drive/all");
  await expect(emptyState(page).getByRole("heading", { name: text("drive.all.empty.title") })).toBeVisible();
  await emptyState(page)
    .getByRole("button", { name: text("drive.upload"), exact: true })
    .click();
  const chooser = page.waitForEvent("filechooser");
  await emptyState(page)
    .getByRole("button", { name: text("uploads.pickFiles") })
    .click();
  expect((await chooser).isMultiple()).toBe(true);
  await emptyState(page)
    .getByRole("button", { name: text("files.newFolder.title") })
    .click();
  const newFolder = page.getByRole("dialog", { name: text("files.newFolder.title") });
  await expect(newFolder).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(newFolder).toBeHidden();
  await emptyState(page)
    .getByRole("button", { name: text("drive.all.cloudDownload") })
    .click();
  const cloud = page.getByRole("dialog", { name: text("drive.all.cloudDownload") });
  await expect(cloud).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(cloud).toBeHidden();

  // Trash: how long deleted items stay; the way back to the drive.
  await page.goto("/drive/trash");
  await expect(
    emptyState(page).getByRole("heading", { name: text("drive.trash.empty.title") }),
  ).toBeVisible();
  await expect(emptyState(page)).toContainText(/stay here for \d+ days/);
  await emptyState(page)
    .getByRole("link", { name: text("drive.backToDrive") })
    .click();
  await expect(page).toHaveURL(/\/drive\/all$/);

  // A search with no results: Clear search goes back to the drive.
  await page.goto("/drive/all?action=search&keyword=no-such-file-anywhere");
  await expect(
    emptyState(page).getByRole("heading", { name: text("drive.search.empty.title") }),
  ).toBeVisible();
  await emptyState(page)
    .getByRole("link", { name: text("drive.search.clear") })
    .click();
  await expect(page).toHaveURL(/\/drive\/all$/);
  await expect(emptyState(page).getByRole("heading", { name: text("drive.all.empty.title") })).toBeVisible();

  // Starred and Recent.
  await page.goto("/drive/starred");
  await expect(
    emptyState(page).getByRole("heading", { name: text("drive.starred.empty.title") }),
  ).toBeVisible();
  await expect(emptyState(page).getByRole("link", { name: text("drive.backToDrive") })).toHaveAttribute(
    "href",
    "/drive/all",
  );
  await page.goto("/drive/recent");
  await expect(
    emptyState(page).getByRole("heading", { name: text("drive.recent.empty.title") }),
  ).toBeVisible();
  await expect(
    emptyState(page).getByRole("button", { name: text("drive.upload"), exact: true }),
  ).toBeVisible();

  // Cloud downloads: the empty list's button opens the dialog.
  await page.goto("/drive/tasks");
  await expect(emptyState(page).getByRole("heading", { name: text("tasks.empty.title") })).toBeVisible();
  await emptyState(page)
    .getByRole("button", { name: text("drive.all.cloudDownload") })
    .click();
  await expect(page.getByRole("dialog", { name: text("drive.all.cloudDownload") })).toBeVisible();
  await page.keyboard.press("Escape");

  // My shares.
  await page.goto("/drive/shares");
  await expect(
    emptyState(page).getByRole("heading", { name: text("shares.mine.empty.title") }),
  ).toBeVisible();
  await expect(emptyState(page).getByRole("link", { name: text("nav.openDrive") })).toBeVisible();

  // The account page: no orders yet leads to the plans; password and sessions sit in Security.
  await page.goto("/drive/account");
  await expect(emptyState(page).getByRole("heading", { name: text("orders.empty.title") })).toBeVisible();
  const security = page.getByRole("region", { name: text("account.security"), exact: true });
  await expect(security.getByRole("heading", { name: text("account.password"), exact: true })).toBeVisible();
  await expect(security.getByRole("heading", { name: text("accounts.sessions.title") })).toBeVisible();
  await expect(security.getByRole("button", { name: text("drive.user.signOut"), exact: true })).toBeVisible();
  await emptyState(page)
    .getByRole("link", { name: text("orders.empty.action") })
    .click();
  await expect(page).toHaveURL(/\/drive\/payment$/);
});

test("failed loads say so in words, Try again loads again, and offline is told apart", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpInBrowser(page);

  // Cloud downloads: a bare 500 reads as the server's fault, never "HTTP 500".
  await failWith500(page, LIST_TASKS);
  await page.goto("/drive/tasks");
  await expect(failure(page)).toContainText(text("load.failed.title"));
  await expect(failure(page)).toContainText(text("api.serverError"));
  await expect(failure(page)).not.toContainText("HTTP 500");
  await expect(failure(page)).toHaveAttribute("role", "alert");

  // Offline: the same Try again now says the connection is the problem.
  await page.unroute(LIST_TASKS);
  await context.setOffline(true);
  await failure(page)
    .getByRole("button", { name: text("common.retry") })
    .click();
  await expect(failure(page)).toContainText(text("load.offline.title"));
  await expect(failure(page)).toContainText(text("load.offline.body"));
  await context.setOffline(false);
  await failure(page)
    .getByRole("button", { name: text("common.retry") })
    .click();
  await expect(emptyState(page).getByRole("heading", { name: text("tasks.empty.title") })).toBeVisible();
  await expect(failure(page)).toHaveCount(0);

  // My shares.
  await failWith500(page, LIST_SHARES);
  await page.goto("/drive/shares");
  await expect(failure(page)).toContainText(text("api.serverError"));
  await page.unroute(LIST_SHARES);
  await failure(page)
    .getByRole("button", { name: text("common.retry") })
    .click();
  await expect(
    emptyState(page).getByRole("heading", { name: text("shares.mine.empty.title") }),
  ).toBeVisible();

  // The account page's orders.
  await page.route(LIST_ORDERS, (route) => route.abort());
  await page.goto("/drive/account");
  await expect(failure(page)).toContainText(text("api.unreachable"));
  await page.unroute(LIST_ORDERS);
  await failure(page)
    .getByRole("button", { name: text("common.retry") })
    .click();
  await expect(emptyState(page).getByRole("heading", { name: text("orders.empty.title") })).toBeVisible();

  // A receipt that cannot be found: the server's words, and the way back to the account page.
  await page.goto("/drive/payment/receipt/no-such-order");
  await expect(failure(page)).toBeVisible();
  await expect(failure(page)).not.toContainText(/HTTP \d+/);
  await failure(page)
    .getByRole("link", { name: text("receipt.back") })
    .click();
  await expect(page).toHaveURL(/\/drive\/account$/);

  // The drive's list: a refresh that fails on an empty list shows the failure, Try again recovers.
  await page.goto("/drive/all");
  await expect(emptyState(page)).toBeVisible();
  await failWith500(page, LIST_FILES);
  // The server-rendered list shows before the page hydrates; until then nobody hears the event.
  // A 5xx is asked once more after a second (QueryRoot's retry), so each try waits 3 s: a
  // shorter wait announced the next change first, and that refetch restarted the pair.
  await expect(async () => {
    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent("nimbus:drive-changed", { detail: { parentId: "" } })),
    );
    await expect(failure(page)).toContainText(text("api.serverError"), { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await page.unroute(LIST_FILES);
  await failure(page)
    .getByRole("button", { name: text("common.retry") })
    .click();
  await expect(emptyState(page).getByRole("heading", { name: text("drive.all.empty.title") })).toBeVisible();
});

/** One view at 1440×900 and 390×844, light and dark, as the seeded account. */
async function shoot(
  browser: Browser,
  baseURL: string,
  cookies: Cookie[],
  name: string,
  url: string,
  ready: (page: Page) => Promise<void>,
  prepare?: (page: Page) => Promise<void>,
  fullPage = false,
): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  for (const viewport of SCREEN_SIZES)
    for (const theme of THEMES) {
      const context = await themedContext(browser, baseURL, viewport, theme, { cookies });
      const page = await context.newPage();
      const errors = pageErrors(page);
      await prepare?.(page);
      await page.goto(url, { waitUntil: "networkidle" });
      await ready(page);
      await settled(page);
      await page.screenshot({
        path: new URL(`states-${name}-${viewport.width}x${viewport.height}-${theme}.png`, DIR).pathname,
        fullPage,
      });
      expect(errors, "no script errors").toEqual([]);
      await context.close();
    }
}

test("screenshots: drive, trash, search and tasks empty, the account page, and a failed load", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const seedContext = await browser.newContext({ baseURL, userAgent: PERSON_USER_AGENT });
  await signUpInBrowser(await seedContext.newPage());
  const cookies = await seedContext.cookies();
  await seedContext.close();
  const base = baseURL ?? "";
  const heading = (key: string) => async (page: Page) => {
    await expect(emptyState(page).getByRole("heading", { name: text(key) })).toBeVisible();
  };
  await shoot(browser, base, cookies, "drive-empty", "/drive/all", heading("drive.all.empty.title"));
  await shoot(browser, base, cookies, "trash-empty", "/drive/trash", heading("drive.trash.empty.title"));
  await shoot(
    browser,
    base,
    cookies,
    "search-none",
    "/drive/all?action=search&keyword=holiday",
    heading("drive.search.empty.title"),
  );
  await shoot(browser, base, cookies, "tasks-empty", "/drive/tasks", heading("tasks.empty.title"));
  // The account page: the orders' empty state in its card, password and sessions inside Security.
  await shoot(
    browser,
    base,
    cookies,
    "account",
    "/drive/account",
    async (page) => {
      await heading("orders.empty.title")(page);
      await expect(page.locator(".session-list li").first()).toBeVisible();
    },
    undefined,
    true,
  );
  await shoot(
    browser,
    base,
    cookies,
    "tasks-error",
    "/drive/tasks",
    async (page) => {
      await expect(failure(page)).toContainText(text("api.serverError"));
    },
    (page) => failWith500(page, LIST_TASKS),
  );
});
