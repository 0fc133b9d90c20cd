import { catalogue, expect, test } from "./support/fixtures.js";

test.describe("when visit access is not granted (region check verdict cookie)", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "pp_ip_block", value: "blocked", url: baseURL ?? "" }]);
  });

  test("a gated page shows the block page and tracks the view", async ({ page }) => {
    await page.addInitScript(() => {
      const seen: unknown[] = [];
      (window as unknown as { __seen: unknown[] }).__seen = seen;
      window.addEventListener("nimbus:analytics", (event) => seen.push((event as CustomEvent).detail));
    });
    await page.goto("/ja/s/abc123");
    await expect(page).toHaveURL(/\/s\/abc123$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(catalogue("ja")["block.title"] ?? "");
    const seen = await page.waitForFunction(() => (window as unknown as { __seen: unknown[] }).__seen[0]);
    expect(await seen.jsonValue()).toMatchObject({
      specversion: "1.0.1",
      type: "BLOCK_PAGE_VIEW",
      data: { path: "/s/abc123", share_id: "abc123" },
    });
  });

  test("policies stay readable", async ({ page }) => {
    await page.goto("/en-US/policy/privacy-policy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  });
});
