// The accounts "done when" journey through the API by curl, as a new user's
// client would make the calls, against the built server: sign up with
// a code read from DATA_DIR/mail, sign out, sign in with the password, enable
// two-factor, sign out, sign in again answering with a TOTP code. Every call
// guarded by the captcha shield first asks POST /v1/shield/captcha/init for a
// token, as the clients do. Prints each step; exits non-zero on the first failed check.
//   npm run build && node scripts/acceptance/accounts.mjs
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { buildIfStale, startBuiltServer } from "../built-server.mjs";

const CLIENT = { "x-client-id": "nimbus-cli", "x-device-id": randomBytes(16).toString("hex") };
const EMAIL = `new-user-${Date.now()}@example.com`;
const PASSWORD = "a long enough password 7";

const step = (text) => console.log(`- ${text}`);
function check(ok, text) {
  if (!ok) throw new Error(`FAILED: ${text}`);
  console.log(`  ✓ ${text}`);
}

/** One call by curl: `{status, body}`; `token` signs it as the user, `captcha` adds the shield's token. */
function call(server, method, route, { body, token, captcha } = {}) {
  const headers = { ...CLIENT, ...(token && { authorization: `Bearer ${token}` }) };
  if (captcha) headers["x-captcha-token"] = captcha;
  const args = ["-sS", "-X", method, "-w", "\n%{http_code}"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  if (body) args.push("-H", "content-type: application/json", "--data-binary", JSON.stringify(body));
  const result = spawnSync("curl", [...args, `${server.url}${route}`], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`curl ${method} ${route}: ${result.stderr}`);
  const newline = result.stdout.lastIndexOf("\n");
  const text = result.stdout.slice(0, newline);
  return { status: Number(result.stdout.slice(newline + 1)), body: text ? JSON.parse(text) : undefined };
}

function ok(server, method, route, options) {
  const answer = call(server, method, route, options);
  if (answer.status !== 200)
    throw new Error(`${method} ${route}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A captcha token for `action` (METHOD:/path), answered at once for a low-risk caller. */
function captchaFor(server, action, meta) {
  const init = ok(server, "POST", "/v1/shield/captcha/init", {
    body: { client_id: CLIENT["x-client-id"], device_id: CLIENT["x-device-id"], action, meta },
  });
  if (!init.captcha_token) throw new Error(`the shield asked for a challenge for ${action}: ${init.url}`);
  return init.captcha_token;
}

/** The code mailed to EMAIL; codes go out just after the answer, so it waits up to 5 s. */
function mailedCode(dataDir) {
  const dir = path.join(dataDir, "mail");
  for (let waited = 0; waited <= 5000; waited += 100) {
    // The outbox folder appears with the first message.
    for (const name of (existsSync(dir) ? readdirSync(dir) : []).sort().reverse()) {
      const mail = readFileSync(path.join(dir, name), "utf8").replace(/\r\n/g, "\n");
      const code = /^ {4}(\d{6})$/m.exec(mail)?.[1];
      if (code && mail.includes(EMAIL)) return { code, file: name };
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
  throw new Error(`no code mailed to ${EMAIL}`);
}

function signin(server, extra = {}) {
  return call(server, "POST", "/v1/auth/signin", {
    body: { client_id: CLIENT["x-client-id"], username: EMAIL, password: PASSWORD, ...extra },
    captcha: captchaFor(server, "POST:/v1/auth/signin", { email: EMAIL }),
  });
}

const totpNow = (secret, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset });

buildIfStale();
const server = await startBuiltServer();
try {
  step(`sign up as ${EMAIL} with a code from DATA_DIR/mail`);
  const { verification_id } = ok(server, "POST", "/v1/auth/verification", {
    body: { client_id: CLIENT["x-client-id"], email: EMAIL, target: "ANY", usage: "REGISTER" },
    captcha: captchaFor(server, "POST:/v1/auth/verification", { email: EMAIL }),
  });
  const mailed = mailedCode(server.dataDir);
  check(true, `the code ${mailed.code} was read from ${path.join("DATA_DIR/mail", mailed.file)}`);
  const { verification_token } = ok(server, "POST", "/v1/auth/verification/verify", {
    body: { verification_id, verification_code: mailed.code },
  });
  const signedUp = ok(server, "POST", "/v1/auth/signup", {
    body: { client_id: CLIENT["x-client-id"], verification_token, password: PASSWORD },
    captcha: captchaFor(server, "POST:/v1/auth/signup", { email: EMAIL }),
  });
  const me = ok(server, "GET", "/v1/user/me", { token: signedUp.access_token });
  check(me.email === EMAIL, `signed up: /v1/user/me answers ${me.email}`);

  step("sign out");
  ok(server, "POST", "/v1/auth/signout", { token: signedUp.access_token });
  const after = call(server, "GET", "/v1/user/me", { token: signedUp.access_token });
  check(after.status === 401, `the old access token is refused (${after.status} ${after.body?.error})`);

  step("sign in with the password");
  const withPassword = signin(server);
  check(withPassword.status === 200 && withPassword.body.access_token, "signed in");
  const token = withPassword.body.access_token;

  step("enable two-factor: enrolment (secret, otpauth URI, QR code), then confirm with a TOTP code");
  const enrolment = ok(server, "POST", "/v1/user/me/2fa/enrolment", { token, body: {} });
  check(
    enrolment.otpauth_uri.startsWith("otpauth://totp/") && enrolment.qr_code.startsWith("data:image/svg+xml"),
    "an otpauth:// URI and its QR code",
  );
  const { recovery_codes } = ok(server, "POST", "/v1/user/me/2fa/confirm", {
    token,
    body: { code: totpNow(enrolment.secret) },
  });
  check(recovery_codes.length === 10, "two-factor is on; ten recovery codes shown once");

  step("sign out, then sign in again: the password alone is not enough");
  ok(server, "POST", "/v1/auth/signout", { token });
  const first = signin(server);
  const info = first.body.details?.find((detail) => detail.metadata?.two_factor_token);
  check(
    first.body.error === "two_factor_required" && first.body.error_code === 4015 && info !== undefined,
    `answered ${first.status} two_factor_required (4015) with a two_factor_token`,
  );
  const wrong = signin(server, {
    two_factor_token: info.metadata.two_factor_token,
    two_factor_code: totpNow(enrolment.secret, -10 * 60 * 1000),
  });
  check(
    wrong.body.error === "invalid_two_factor" && wrong.body.error_code === 4016,
    "a stale code: invalid_two_factor (4016)",
  );
  const second = signin(server);
  const again = second.body.details?.find((detail) => detail.metadata?.two_factor_token);
  // The code of the next time step: the one just used for the confirmation may not be taken twice.
  const withTotp = signin(server, {
    two_factor_token: again.metadata.two_factor_token,
    two_factor_code: totpNow(enrolment.secret, 30_000),
  });
  check(withTotp.status === 200 && withTotp.body.access_token, "the TOTP code completes the sign-in");
  const finalMe = ok(server, "GET", "/v1/user/me", { token: withTotp.body.access_token });
  check(finalMe.email === EMAIL, `signed in as ${finalMe.email}`);
  console.log("all checks passed");
} finally {
  await server.stop();
}
