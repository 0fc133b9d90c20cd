import { LOCALES, VERIFICATION_USAGES } from "@nimbus/protocol";
import { serverText } from "@nimbus/texts/server";
import { describe, expect, it } from "vitest";
import { codeMail, codeSms } from "./code-messages.js";

describe("verification code messages", () => {
  it("has a subject and purpose for every usage in all 11 locales, distinct from English but for en-US", () => {
    for (const locale of LOCALES) {
      for (const usage of VERIFICATION_USAGES) {
        expect(serverText(locale, `mail.code.subject.${usage}`), `${locale} ${usage}`).toBeTruthy();
        const purpose = serverText(locale, `mail.code.purpose.${usage}`);
        if (locale !== "en-US") expect(purpose).not.toBe(serverText("en-US", `mail.code.purpose.${usage}`));
      }
    }
  });

  it("says the minutes with the locale's plural form", () => {
    expect(codeSms("+15550100000", "042917", "en-US").text).toContain("It expires in 10 minutes.");
    expect(serverText("ru", "mail.code.sms", { code: "1", minutes: 1 })).toContain("Действует 1 минуту.");
    expect(serverText("uk", "mail.code.expiry", { minutes: 3 })).toContain("3 хвилини");
  });

  it("puts the code in the subject in every locale", () => {
    for (const locale of LOCALES)
      for (const usage of VERIFICATION_USAGES)
        expect(codeMail("a@b.test", usage, "042917", locale).subject, `${locale} ${usage}`).toContain(
          "042917",
        );
    expect(codeMail("a@b.test", "SIGN_IN", "042917", "en-US").subject).toBe(
      "042917 is your Nimbus sign-in code",
    );
  });

  it("puts the code on a line of its own and fills in the minutes", () => {
    const mail = codeMail("a@b.test", "SIGN_IN", "042917", "zh-CN");
    expect(mail.text).toMatch(/^ {4}042917$/m);
    expect(mail.text).toContain("10 分钟");
    expect(mail.html).toContain("042917");
    expect(mail.locale).toBe("zh-CN");
    expect(codeSms("+15550100000", "042917", "ru").text).toBe(
      "042917 — ваш код подтверждения Nimbus. Действует 10 минут. Никому его не сообщайте.",
    );
  });
});
