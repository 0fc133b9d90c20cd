import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "./support/grants.js";
import { type OutboxMessage, outbox, verifiedToken } from "./support/mail.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

/** Encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) of a header, decoded. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : qp(text.replaceAll("_", " ")),
    );
}

function qp(text: string): string {
  const bytes: number[] = [];
  const clean = text.replace(/=\n/g, "");
  for (let i = 0; i < clean.length; i++) {
    const hex = clean[i] === "=" ? /^[0-9A-F]{2}/i.exec(clean.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(Number.parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(clean[i] as string, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The text/plain part of an outbox message, decoded. */
function plainText(message: OutboxMessage): string {
  const part =
    /Content-Type: text\/plain[^\n]*\nContent-Transfer-Encoding: quoted-printable\n\n([\s\S]*?)\n--/i.exec(
      message.raw,
    );
  if (!part?.[1]) throw new Error(`no text part in ${message.file}`);
  return qp(part[1]);
}

describe("an email change tells the old address", () => {
  const clock = manualClock(Date.UTC(2026, 2, 14, 9, 30));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  const changeEmail = (user: TestUser, verification_token: string) =>
    t.app.inject({
      method: "POST",
      url: "/v1/user/me/email",
      headers: user.auth,
      payload: { verification_token },
    });
  const mailTo = async (address: string) => (await outbox(t.app)).filter((m) => m.to.includes(address));

  it("mails the old address, in the account's language, the masked new address, the time and what to do", async () => {
    const user = await signUp(t.app, { email: `jane-${randomBytes(3).toString("hex")}@example.com` });
    const locale = await t.app.inject({
      method: "PATCH",
      url: "/v1/user/me",
      headers: user.auth,
      payload: { locale: "ja" },
    });
    expect(locale.statusCode).toBe(200);
    const newEmail = `moved-${randomBytes(3).toString("hex")}@example.net`;
    const token = await verifiedToken(t.app, newEmail, "CHANGE_EMAIL", user.auth);
    const before = await mailTo(user.email);

    const changed = await changeEmail(user, token);
    expect(changed.statusCode).toBe(200);

    const notices = (await mailTo(user.email)).slice(before.length);
    expect(notices).toHaveLength(1);
    const notice = notices[0] as OutboxMessage;
    expect(decodeHeader(notice.subject)).toBe("Nimbus のメールアドレスが変更されました");
    expect(notice.raw).toMatch(/^Content-Language: ja$/m);
    const text = plainText(notice);
    expect(text).toContain("m***@example.net");
    expect(text).not.toContain(newEmail);
    expect(text).toContain("2026年3月14日 9:30 UTC");
    expect(text).toContain("パスワードを変更");
    // With the public origin wired in (AccountChangesDeps.publicUrl), the contact page is linked too.
    if (text.includes("http")) expect(text).toContain("http://nimbus.test/ja/contact-us");
    expect(notice.code).toBeUndefined();
    // The new address got its code, never the notice.
    expect((await mailTo(newEmail)).every((m) => m.code !== undefined)).toBe(true);
  });

  it("sends nothing when the change is refused", async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const taken = await verifiedToken(t.app, other.email, "CHANGE_EMAIL", user.auth);
    const before = (await outbox(t.app)).length;
    const clash = await changeEmail(user, taken);
    expect(clash.json().error).toBe("already_exists");
    expect(await outbox(t.app)).toHaveLength(before);
  });
});
