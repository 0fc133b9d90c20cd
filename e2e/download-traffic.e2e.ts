import { skipGuide } from "./support/drive.js";
import { catalogue, expect, test } from "./support/fixtures.js";
import { signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";

// Issue 33, item 9: the drive's sidebar shows this month's download traffic (what is left
// of the allowance) beside the storage, with the way to buy more.
const en = catalogue("en-US");

test("the sidebar shows the download traffic left this month and where to buy more", async ({ page }) => {
  await skipGuide(page);
  await signUpInBrowser(page);
  const about = await (await page.request.get("/drive/v1/about", { headers: WEB_CLIENT_HEADERS })).json();
  expect(about.quotas?.download?.total_assets).toBeDefined();
  await page.goto("/drive/all");
  const sidebar = page.getByRole("complementary");
  await expect(sidebar.getByRole("heading", { name: en["drive.traffic.label"] })).toBeVisible();
  const bar = sidebar.getByRole("progressbar", { name: en["drive.traffic.label"] });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute("aria-valuetext", /^.+ of .+ left$/);
  await expect(sidebar.getByText(/^.+ of .+ left$/)).toBeVisible();
  // Item 15: Starred and Premium have icons of their own.
  const iconOf = (name: string) =>
    sidebar.getByRole("link", { name }).first().locator("svg path").first().getAttribute("d");
  expect(await iconOf(en["drive.nav.starred"] ?? "")).not.toBe(await iconOf(en["drive.nav.premium"] ?? ""));
  await sidebar.getByRole("link", { name: en["page.drivePaymentTraffic.title"] }).click();
  await expect(page).toHaveURL(/\/drive\/payment\/traffic$/);
});
