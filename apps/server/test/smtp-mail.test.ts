import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, sendsSettled, type TestApp } from "./support/test-app.js";

interface Received {
  from: string;
  to: string[];
  user: string;
  raw: string;
}

/** A real SMTP server on a loopback port (the `smtp-server` package), recording what it is sent. */
async function startSmtp(): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    onAuth(auth, _session, callback) {
      if (auth.username === "nimbus" && auth.password === "s3cret pass")
        callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        raw += chunk;
      });
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: String(session.user ?? ""),
          raw: raw.replace(/\r\n/g, "\n"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("mail through SMTP_URL", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      env: {
        SMTP_URL: `smtp://nimbus:${encodeURIComponent("s3cret pass")}@127.0.0.1:${smtp.port}`,
        MAIL_FROM: "Nimbus <accounts@nimbus.test>",
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("sends the code over a real SMTP conversation, authenticated, in the reader's language", async () => {
    const sent = await t.app.inject({
      method: "POST",
      url: "/v1/auth/verification",
      headers: { "accept-language": "es-ES" },
      payload: { email: "Lector@Example.com", target: "ANY", usage: "REGISTER" },
    });
    expect(sent.statusCode).toBe(200);
    await sendsSettled(t.app);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({ from: "accounts@nimbus.test", to: ["lector@example.com"], user: "nimbus" });
    expect(mail?.raw).toMatch(/^Content-Language: es$/m);
    expect(mail?.raw).toMatch(/^From: Nimbus <accounts@nimbus\.test>$/m);
    const code = /^ {4}(\d{6})$/m.exec(mail?.raw ?? "")?.[1] as string;

    const verified = await t.app.inject({
      method: "POST",
      url: "/v1/auth/verification/verify",
      payload: { verification_id: sent.json().verification_id, verification_code: code },
    });
    expect(verified.statusCode).toBe(200);
  });

  it("forgets a code the SMTP server refused, so it cannot be verified and the address may ask again at once", async () => {
    const refusing = await createTestApp({
      env: { SMTP_URL: `smtp://nimbus:wrong@127.0.0.1:${smtp.port}`, CAPTCHA_MODE: "off" },
    });
    try {
      const ask = () =>
        refusing.app.inject({
          method: "POST",
          url: "/v1/auth/verification",
          payload: { email: "bounce@example.com", target: "ANY", usage: "SIGN_IN" },
        });
      // The answer does not wait for the mail server, so it cannot tell whether an account exists.
      const first = await ask();
      expect(first.statusCode).toBe(200);
      await sendsSettled(refusing.app);
      const verify = await refusing.app.inject({
        method: "POST",
        url: "/v1/auth/verification/verify",
        payload: { verification_id: first.json().verification_id, verification_code: "000000" },
      });
      expect(verify.json().error).toBe("invalid_verification_code");
      expect((await ask()).statusCode).toBe(200);
    } finally {
      await refusing.close();
    }
  });
});
