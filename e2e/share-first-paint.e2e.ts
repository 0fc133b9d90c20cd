import { PERSON_USER_AGENT } from "./support/chromium.js";
import { createFolder, uploadFile } from "./support/drive.js";
import { catalogue, expect, test } from "./support/fixtures.js";
import { signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";

// The share page is where new users arrive: its first paint, before any script runs,
// is what they will see (the passcode prompt, the items or the share's status), and an
// unknown link says 404 in the HTTP status too.

const en = catalogue("en-US");

test("a share's first paint is its passcode prompt, its items or its status, with scripts off", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const owner = await browser.newContext({ baseURL, userAgent: PERSON_USER_AGENT });
  const page = await owner.newPage();
  await signUpInBrowser(page);
  const folder = await createFolder(page, "Summer trip");
  await uploadFile(page, "route map.txt", Buffer.from("north, then west"), folder.id);
  const share = async (body: Record<string, unknown>) => {
    const response = await page.request.post("/drive/v1/share", { headers: WEB_CLIENT_HEADERS, data: body });
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as { share_id: string }).share_id;
  };
  const open = await share({ file_ids: [folder.id], title: "Summer trip" });
  const locked = await share({ file_ids: [folder.id], pass_code_option: "REQUIRED", pass_code: "Sun1" });
  await owner.close();

  const visitor = await browser.newContext({
    baseURL,
    userAgent: PERSON_USER_AGENT,
    javaScriptEnabled: false,
  });
  const anonymous = await visitor.newPage();
  const listed = await anonymous.goto(`/s/${open}`);
  expect(listed?.status()).toBe(200);
  await expect(anonymous.getByRole("heading", { name: "Summer trip" })).toBeVisible();
  await expect(anonymous.getByText(en["common.loading"] ?? "Loading…")).toHaveCount(0);

  const prompt = await anonymous.goto(`/s/${locked}`);
  expect(prompt?.status()).toBe(200);
  await expect(anonymous.getByRole("heading", { name: en["shares.passcode.title"] })).toBeVisible();

  // `s_code` in the link opens the share on the server's first answer.
  await anonymous.goto(`/s/${locked}?s_code=Sun1`);
  await expect(anonymous.getByText("Summer trip").first()).toBeVisible();

  const unknown = await anonymous.goto("/s/no-such-share");
  expect(unknown?.status()).toBe(404);
  await expect(anonymous.getByRole("heading", { name: en["shares.status.notFound.title"] })).toBeVisible();
  await visitor.close();
});
