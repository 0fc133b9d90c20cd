import { skipGuide } from "./support/drive.js";
import { catalogue, expect, test } from "./support/fixtures.js";
import { adminRequest, signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";

// Issue #16 item 2: the UI follows the remote config. With a service switched off by the
// admin config API, no page shows a button or link for it; a rollback brings them back.

const en = catalogue("en-US");
const text = (key: string) => en[key] ?? key;

test("services switched off in the remote config show no button anywhere", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await skipGuide(page);
  await signUpInBrowser(page);
  const header = page.locator(".drive-header");
  const sidebar = page.locator(".drive-sidebar");

  // Everything on (the default): the buttons are there.
  await page.goto("/drive/all");
  await expect(header.getByRole("button", { name: text("drive.all.cloudDownload") })).toBeVisible();
  await expect(header.getByRole("button", { name: text("drive.redeem.open") })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: text("drive.nav.premium") })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: text("drive.nav.tasks") })).toBeVisible();

  const admin = await adminRequest(browser, baseURL ?? "");
  const current = (await (await admin.get("/admin/v1/config")).json()) as {
    version: number;
    document: { features: Record<string, boolean> } & Record<string, unknown>;
  };
  const saved = await admin.put("/admin/v1/config", {
    headers: WEB_CLIENT_HEADERS,
    data: {
      document: {
        ...current.document,
        features: {
          ...current.document.features,
          cloud_download: false,
          payments: false,
          invites: false,
          check_in: false,
          activation_codes: false,
        },
      },
      note: "e2e: services off",
      base_version: current.version,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  try {
    await page.goto("/drive/all");
    await expect(page.locator(".drive-header .header-actions")).toBeVisible();
    await expect(header.getByRole("button", { name: text("drive.all.cloudDownload") })).toHaveCount(0);
    await expect(header.getByRole("button", { name: text("drive.redeem.open") })).toHaveCount(0);
    await expect(sidebar.getByRole("link", { name: text("drive.nav.premium") })).toHaveCount(0);
    await expect(sidebar.getByRole("link", { name: text("drive.moreStorage") })).toHaveCount(0);
    await expect(sidebar.getByRole("link", { name: text("drive.nav.tasks") })).toHaveCount(0);
    // The empty drive offers Upload only.
    await expect(
      page.locator("main").getByRole("button", { name: text("drive.all.cloudDownload") }),
    ).toHaveCount(0);

    // A page action of a service that is off opens nothing.
    await page.goto("/drive/all?action=show_invite_dialog");
    await expect(page.locator(".drive-header .header-actions")).toBeVisible();
    await expect(page.getByRole("dialog", { name: text("referral.link.title") })).toHaveCount(0);

    // The pages of those services say so instead of offering a button that leads nowhere.
    await page.goto("/drive/payment");
    await expect(page.getByText(text("service.off"))).toBeVisible();
    await expect(page.getByRole("button", { name: /Choose/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: text("plans.haveCode") })).toHaveCount(0);
    await page.goto("/en-US/check-in");
    await expect(page.getByText(text("service.off"))).toBeVisible();
    await expect(page.getByRole("button", { name: text("checkIn.cta") })).toHaveCount(0);
    const footer = page.locator(".site-footer");
    await expect(footer.getByRole("link", { name: text("nav.faq") })).toBeVisible();
    await expect(footer.getByRole("link", { name: text("nav.checkIn") })).toHaveCount(0);
    await expect(footer.getByRole("link", { name: text("nav.referral") })).toHaveCount(0);
    await page.goto("/referral");
    await expect(page.getByText(text("service.off"))).toBeVisible();
    await expect(page.getByLabel(text("invite.linkLabel"))).toHaveCount(0);
    await page.goto("/drive/account");
    await expect(page.getByRole("link", { name: text("drive.user.upgrade") })).toHaveCount(0);
  } finally {
    const rolledBack = await admin.post(`/admin/v1/config/versions/${current.version}:rollback`, {
      headers: WEB_CLIENT_HEADERS,
    });
    expect(rolledBack.status(), await rolledBack.text()).toBe(200);
  }

  await page.goto("/drive/all");
  await expect(header.getByRole("button", { name: text("drive.all.cloudDownload") })).toBeVisible();
  await expect(header.getByRole("button", { name: text("drive.redeem.open") })).toBeVisible();
});
