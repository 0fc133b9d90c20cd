import { catalogue, expect, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";

// The device flow (RFC 8628) end to end: a CLI-style client (Node fetch here) asks for a
// device code and polls the token endpoint while the signed-in browser approves the
// code on /{locale}/tv.
const en = catalogue("en-US");
const t = (key: string) => en[key] ?? key;

interface DeviceCode {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  interval: number;
  expires_in: number;
}

async function post(baseURL: string, path: string, body: unknown) {
  const response = await fetch(new URL(path, baseURL), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test("a polling CLI is signed in once the browser approves its code on /tv", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const origin = baseURL ?? "";
  const account = await signUpInBrowser(page);
  const started = await post(origin, "/v1/auth/device/code", {
    client_id: "nimbus-cli",
    scope: "user pan offline",
  });
  expect(started.status).toBe(200);
  const device = started.body as unknown as DeviceCode;
  expect(device.verification_uri).toMatch(/\/tv$/);

  const answers: string[] = [];
  let stop = false;
  const poller = (async () => {
    const deadline = Date.now() + 45_000;
    while (!stop && Date.now() < deadline) {
      const answer = await post(origin, "/v1/auth/token", {
        grant_type: "urn:ietf:params:oauth:grant-type:device_code",
        device_code: device.device_code,
        client_id: "nimbus-cli",
      });
      answers.push(String(answer.body.error ?? "tokens"));
      if (answer.status === 200) return answer.body as { access_token: string };
      await new Promise((resolve) => setTimeout(resolve, device.interval * 1000 + 100));
    }
    return undefined;
  })();

  await page.goto(
    new URL(device.verification_uri_complete).pathname + new URL(device.verification_uri_complete).search,
  );
  await expect(page.getByLabel(t("tv.form.label"))).toHaveValue(device.user_code);
  await page.getByRole("button", { name: t("tv.form.submit") }).click();
  await expect(page.getByRole("heading", { name: t("accounts.tv.confirmTitle") })).toBeVisible();
  await page.getByRole("button", { name: t("accounts.tv.approve") }).click();
  await expect(page.getByText(t("tv.form.success"))).toBeVisible();

  const tokens = await poller;
  stop = true;
  expect(answers[0]).toBe("authorization_pending");
  expect(tokens?.access_token).toBeTruthy();
  const me = await fetch(new URL("/v1/user/me", origin), {
    headers: { authorization: `Bearer ${tokens?.access_token}` },
  });
  expect(((await me.json()) as { sub: string }).sub).toBe(account.userId);
});

test("denying the code tells the poller access_denied", async ({ page, baseURL }) => {
  const origin = baseURL ?? "";
  await signUpInBrowser(page);
  const device = (await post(origin, "/v1/auth/device/code", { client_id: "nimbus-tv" }))
    .body as unknown as DeviceCode;
  await page.goto(`/en-US/tv?user_code=${encodeURIComponent(device.user_code)}`);
  await page.getByRole("button", { name: t("tv.form.submit") }).click();
  await page.getByRole("button", { name: t("accounts.tv.deny") }).click();
  await expect(page.getByText(t("accounts.tv.denied"))).toBeVisible();
  const answer = await post(origin, "/v1/auth/token", {
    grant_type: "urn:ietf:params:oauth:grant-type:device_code",
    device_code: device.device_code,
    client_id: "nimbus-tv",
  });
  expect(answer.body.error).toBe("access_denied");
});
