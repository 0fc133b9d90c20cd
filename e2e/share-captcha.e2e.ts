import { startBuiltServer } from "../scripts/built-server.mjs";
import { PERSON_USER_AGENT } from "./support/chromium.js";
import { uploadFile } from "./support/drive.js";
import { catalogue, expect, test } from "./support/fixtures.js";
import { signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";

// Passcode guessing is rate-limited per share and client and escalates to the
// captcha shield. After ten wrong passcodes the share page's next try needs a captcha:
// the real challenge opens in the modal, and once solved the right passcode opens the list.
// Its own server, with a light proof of work so the challenge solves quickly.

const en = catalogue("en-US");
const PASSCODE = "r1ght";

let server: { url: string; dataDir: string; stop(): Promise<void> };

test.beforeAll(async () => {
  server = await startBuiltServer({
    env: {
      CAPTCHA_POW_COST: "10",
      CAPTCHA_POW_COUNTER: "400",
      SIGNUPS_PER_IP_HOUR: "1000",
      CODE_SENDS_PER_IP_HOUR: "1000",
      CAPTCHA_CODE_SENDS: "100000",
    },
  });
});
test.afterAll(() => server.stop());

test("ten wrong passcodes, then the captcha in the modal, then the share opens", async ({ browser }) => {
  test.setTimeout(90_000);
  const owner = await browser.newContext({ baseURL: server.url, userAgent: PERSON_USER_AGENT });
  const ownerPage = await owner.newPage();
  await signUpInBrowser(ownerPage, { dataDir: server.dataDir });
  const file = await uploadFile(ownerPage, "plans.txt", Buffer.from("the plans"));
  const created = await ownerPage.request.post("/drive/v1/share", {
    headers: WEB_CLIENT_HEADERS,
    data: { file_ids: [file.id], pass_code_option: "REQUIRED", pass_code: PASSCODE, title: "Plans" },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { share_id: shareId } = (await created.json()) as { share_id: string };

  const visitor = await browser.newContext({ baseURL: server.url, userAgent: PERSON_USER_AGENT });
  const page = await visitor.newPage();
  await page.goto(`/s/${shareId}`);
  const code = page.getByLabel(en["shares.passcode.label"] ?? "");
  const submit = page.getByRole("button", { name: en["shares.passcode.submit"] });
  for (let attempt = 1; attempt <= 10; attempt++) {
    const answered = page.waitForResponse((r) => r.url().includes("pass_code="));
    await code.fill(`wrong${attempt}`);
    await submit.click();
    expect((await (await answered).json()).share_status).toBe("PASS_CODE_ERROR");
  }

  // The eleventh try is refused until a person passes the challenge.
  await code.fill(PASSCODE);
  await submit.click();
  const dialog = page.getByRole("dialog", { name: "Security check" });
  await expect(dialog).toBeVisible();
  await page.frameLocator("iframe").getByText("I'm not a robot").click();
  await expect(page.getByRole("heading", { name: "Plans" })).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("button", { name: "plans.txt" })).toBeVisible();
  await owner.close();
  await visitor.close();
});
