import { expect, test } from "./support/fixtures.js";

test("the saved view type is mirrored into pp_ssr_view_type at start", async ({ page, context }) => {
  await page.goto("/");
  await page.evaluate(() =>
    localStorage.setItem(
      "pp_global_display_mode",
      JSON.stringify({ orderType: "NAME_ASC", pinFoldersTop: true, viewType: "list" }),
    ),
  );
  await page.reload();
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === "pp_ssr_view_type")?.value)
    .toBe("list");
});

test("without a saved display mode the cookie says grid", async ({ page, context }) => {
  await page.goto("/drive/all");
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === "pp_ssr_view_type")?.value)
    .toBe("grid");
});
