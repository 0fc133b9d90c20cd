import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// Sign-up as a new user does it against a server whose mail goes to its DATA_DIR/mail outbox
// (no SMTP_URL): ask for a code, read it from the newest .eml sent to the address, verify, sign up.
// Used by the benches, which run the real server on a temporary DATA_DIR.

async function post(origin, url, body) {
  const response = await fetch(`${origin}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The code mailed to `email`; codes go out just after the answer, so it waits up to 5 s. */
async function mailedCode(dataDir, email) {
  const dir = path.join(dataDir, "mail");
  for (let waited = 0; waited <= 5000; waited += 100) {
    // The outbox folder appears with the first message.
    for (const file of (existsSync(dir) ? readdirSync(dir) : [])
      .filter((f) => f.endsWith(".eml"))
      .sort()
      .reverse()) {
      const raw = readFileSync(path.join(dir, file), "utf8").replace(/\r\n/g, "\n");
      const to = /^To: (.*)$/im.exec(raw)?.[1] ?? "";
      const code = /^ {4}(\d{6})$/m.exec(raw)?.[1];
      if (code && to.toLowerCase().includes(email.toLowerCase())) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}

/** Resolves to the sign-up's answer (`access_token`, `refresh_token`, `sub`, …). */
export async function signUpWithMailedCode(origin, dataDir, email, password) {
  const { verification_id } = await post(origin, "/v1/auth/verification", {
    email,
    target: "ANY",
    usage: "REGISTER",
  });
  const verification_code = await mailedCode(dataDir, email);
  const { verification_token } = await post(origin, "/v1/auth/verification/verify", {
    verification_id,
    verification_code,
  });
  return post(origin, "/v1/auth/signup", { verification_token, password });
}
