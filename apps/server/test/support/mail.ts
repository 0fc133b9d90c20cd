import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { NimbusApp } from "../../src/http/types.js";
import { configOf, sendsSettled } from "./test-app.js";

export interface OutboxMessage {
  file: string;
  raw: string;
  to: string;
  subject: string;
  /** The 6-digit code on a line of its own in the text part, when there is one. */
  code: string | undefined;
}

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, "mi").exec(raw);
  return match?.[1]?.replace(/\n[ \t]+/g, " ").trim() ?? "";
}

/** Every message in the app's DATA_DIR/mail outbox, oldest first, once the codes asked for went out. */
export async function outbox(app: NimbusApp): Promise<OutboxMessage[]> {
  await sendsSettled(app);
  return outboxIn(configOf(app).accounts.mailDir);
}

/** Every `.eml` in a mail outbox folder, oldest first. */
export async function outboxIn(dir: string): Promise<OutboxMessage[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".eml")).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = (await readFile(path.join(dir, file), "utf8")).replace(/\r\n/g, "\n");
      return {
        file,
        raw,
        to: header(raw, "To"),
        subject: header(raw, "Subject"),
        code: /^ {4}(\d{6})$/m.exec(raw)?.[1],
      };
    }),
  );
}

/** The newest code mailed to `email` (by a test app, or into a DATA_DIR/mail folder). */
export async function lastCodeFor(source: NimbusApp | string, email: string): Promise<string> {
  // A server in another process sends codes just after its answer: give it a moment.
  const deadline = Date.now() + (typeof source === "string" ? 5000 : 0);
  for (;;) {
    const all = typeof source === "string" ? await outboxIn(source) : await outbox(source);
    const messages = all.filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
    const code = messages.at(-1)?.code;
    if (code) return code;
    if (Date.now() >= deadline) throw new Error(`no code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Asks for a code by email and verifies it: answers the verification token. */
export async function verifiedToken(
  app: NimbusApp,
  email: string,
  usage: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const sent = await app.inject({
    method: "POST",
    url: "/v1/auth/verification",
    headers,
    payload: { email, target: "ANY", usage },
  });
  if (sent.statusCode !== 200) throw new Error(`verification failed: ${sent.body}`);
  const { verification_id } = sent.json<{ verification_id: string }>();
  const verified = await app.inject({
    method: "POST",
    url: "/v1/auth/verification/verify",
    payload: { verification_id, verification_code: await lastCodeFor(app, email) },
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return verified.json<{ verification_token: string }>().verification_token;
}

/** Signs up over HTTP against a running server whose DATA_DIR is `dataDir`: answers its JSON answer. */
export async function signUpOverHttp(
  baseUrl: string,
  dataDir: string,
  email: string,
  password: string,
): Promise<{ access_token: string; sub: string }> {
  const post = async (url: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, string>>;
  };
  const { verification_id } = await post("/v1/auth/verification", {
    email,
    target: "ANY",
    usage: "REGISTER",
  });
  const verification_code = await lastCodeFor(path.join(dataDir, "mail"), email);
  const { verification_token } = await post("/v1/auth/verification/verify", {
    verification_id,
    verification_code,
  });
  return (await post("/v1/auth/signup", { verification_token, password })) as {
    access_token: string;
    sub: string;
  };
}
