import { LOCALES, VERIFICATION_USAGES } from "@nimbus/protocol";
import { describe, expect, it } from "vitest";
import { CODE_MESSAGE_TEXTS } from "./code-message-texts.js";
import { codeMail, codeSms } from "./code-messages.js";

describe("verification code messages", () => {
  it("has every text in all 11 locales, each one distinct from English but for en-US", () => {
    const english = CODE_MESSAGE_TEXTS["en-US"];
    for (const locale of LOCALES) {
      const texts = CODE_MESSAGE_TEXTS[locale];
      for (const usage of VERIFICATION_USAGES) {
        expect(texts.subject[usage], `${locale} ${usage}`).toBeTruthy();
        expect(texts.purpose[usage], `${locale} ${usage}`).toBeTruthy();
        if (locale !== "en-US") expect(texts.purpose[usage]).not.toBe(english.purpose[usage]);
      }
      expect(texts.expiry).toContain("{minutes}");
      expect(texts.sms).toContain("{code}");
      expect(texts.sms).toContain("{minutes}");
    }
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
