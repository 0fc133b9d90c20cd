import { skipGuide } from "./support/drive.js";
import { catalogue, expect, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";

// Issue 33, item 6: a cloud download that failed says why and what to do next, in the
// page's language, instead of the raw `offline_fetch_failed` the task carries.
const now = new Date().toISOString();
const failed = (id: string, message: string) => ({
  kind: "drive#task",
  id,
  type: "offline",
  name: `${id}.iso`,
  phase: "PHASE_TYPE_ERROR",
  progress: 0,
  file_id: "",
  file_name: `${id}.iso`,
  message,
  created_time: now,
  updated_time: now,
  params: { url: `https://files.example/${id}.iso` },
});

for (const locale of ["en-US", "ja"] as const) {
  test(`a failed cloud download gives a reason and a next step (${locale})`, async ({ page, baseURL }) => {
    const texts = catalogue(locale);
    await signUpInBrowser(page);
    await skipGuide(page);
    await page.route(/\/drive\/v1\/tasks(\?|$)/, (route) =>
      route.request().method() === "GET"
        ? route.fulfill({
            json: {
              kind: "drive#taskList",
              tasks: [failed("broken", "offline_fetch_failed"), failed("odd", "some_future_error")],
              next_page_token: "",
            },
          })
        : route.continue(),
    );
    await page.context().addCookies([{ name: "pp_locale", value: locale, url: baseURL ?? "" }]);
    await page.goto("/drive/tasks");
    const rows = page.locator(".task-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByRole("alert")).toHaveText(texts["tasks.failed.fetch"] ?? "");
    await expect(rows.nth(1).getByRole("alert")).toHaveText(texts["tasks.failed.other"] ?? "");
    await expect(page.getByText("offline_fetch_failed")).toHaveCount(0);
    await expect(
      rows
        .nth(0)
        .getByRole("button", { name: /broken\.iso/ })
        .first(),
    ).toBeVisible();
  });
}
