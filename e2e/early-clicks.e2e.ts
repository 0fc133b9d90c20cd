import type { Page } from "@playwright/test";
import { skipGuide, uploadFile } from "./support/drive.js";
import { expect, test } from "./support/fixtures.js";
import { gradientPng } from "./support/png.js";
import { signUpInBrowser } from "./support/session.js";

// A slow phone: the server-rendered drive shows before its scripts run. The controls that
// need the scripts say so (aria-busy, aria-disabled: announced unavailable, not silently
// dead), and a click on one is not lost: it takes effect once the page runs. Hydration
// is held back here by holding the page's catalogue, which it waits for (entry.client.tsx).

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

/** Holds the page's catalogue until `release()`: the page stays as the server rendered it. */
async function holdHydration(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/catalogue-/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The shell's controls are busy and unavailable while the page has not hydrated. */
async function expectWaiting(page: Page) {
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  const grid = page.getByRole("grid", { name: "My Drive" });
  await expect(grid).toHaveAttribute("aria-busy", "true");
  await expect(grid).toHaveAttribute("aria-disabled", "true");
  for (const name of ["Photo view", "Redeem a code"]) {
    const button = page.getByRole("button", { name });
    await expect(button).toHaveAttribute("aria-busy", "true");
    // Unavailable to assistive technology (aria-disabled), yet still focusable.
    await expect(button).toBeDisabled();
    await expect(button).not.toHaveAttribute("disabled");
  }
}

async function expectRunning(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated");
  await expect(page.locator("[aria-busy='true'][aria-disabled='true']")).toHaveCount(0);
}

test("clicks before the drive has hydrated wait for it and take effect", async ({ page }) => {
  await signUpInBrowser(page);
  for (const name of ["alpha.txt", "bravo.txt"]) await uploadFile(page, name, Buffer.from(name));
  const release = await holdHydration(page);
  await page.goto("/drive/all");
  await expect(page.locator("main .file-name")).toHaveCount(2);
  await expectWaiting(page);

  // The view switch, clicked on the server-rendered page: applied once the page runs.
  const photoView = page.getByRole("button", { name: "Photo view" }).click();
  release();
  await photoView;
  await expect(page.getByRole("button", { name: "Photo view" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("grid", { name: "My Drive" }).locator(".file-tile")).toHaveCount(2);
  await expectRunning(page);

  // The Redeem popover, the same way after a reload.
  const again = await holdHydration(page);
  await page.reload();
  await expect(page.getByRole("button", { name: "Redeem a code" })).toHaveAttribute("aria-busy", "true");
  const redeem = page.getByRole("button", { name: "Redeem a code" }).click();
  again();
  await redeem;
  await expect(page.locator(".redeem-popover").getByPlaceholder("Activation code")).toBeVisible();
  await expectRunning(page);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a double click on a card before the drive has hydrated opens the preview", async ({ page }) => {
    await signUpInBrowser(page);
    await uploadFile(page, "sunrise.png", gradientPng(80, 60, [255, 160, 0], [40, 0, 120]));
    const release = await holdHydration(page);
    await page.goto("/drive/all");
    // Before the page runs the cards are static ones laid out by CSS alone.
    const card = page.getByRole("grid").locator(".file-item", { hasText: "sunrise.png" });
    await expect(card).toBeVisible();
    await expectWaiting(page);

    const open = card.dblclick();
    release();
    await open;
    await expect(page.getByRole("dialog", { name: "sunrise.png" })).toBeVisible();
    await expectRunning(page);
  });
});
