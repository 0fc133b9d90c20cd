import { LOCALES } from "@nimbus/protocol";
import { SERVER_TEXTS } from "@nimbus/texts/server";
import { describe, expect, it } from "vitest";
import { emailChangedMail, maskEmail, twoFactorResetMail } from "./account-notices.js";

const AT = Date.UTC(2026, 0, 2, 15, 4);

describe("the email-changed notice", () => {
  it("is translated in all 11 locales, with its arguments", () => {
    const english = SERVER_TEXTS["en-US"] ?? {};
    const keys = Object.keys(english).filter((key) => key.startsWith("mail.emailChanged."));
    for (const locale of LOCALES) {
      const texts = SERVER_TEXTS[locale] ?? {};
      for (const key of keys) {
        if (locale !== "en-US") expect(texts[key], `${locale} ${key}`).not.toBe(english[key]);
      }
      expect(texts["mail.emailChanged.changed"]).toContain("{email}");
      expect(texts["mail.emailChanged.changed"]).toContain("{time}");
      expect(texts["mail.emailChanged.contact"]).toContain("{url}");
    }
  });

  it("masks the new address to its first character and domain", () => {
    expect(maskEmail("jane@example.com")).toBe("j***@example.com");
    expect(maskEmail("j@example.com")).toBe("j***@example.com");
    expect(maskEmail("élodie@exemple.fr")).toBe("é***@exemple.fr");
  });

  it("says what changed, when (UTC, in the reader's format) and what to do, in text and HTML", () => {
    const mail = emailChangedMail({
      to: "jane@example.com",
      newEmail: "mallory@evil.example",
      at: AT,
      locale: "en-US",
      contactUrl: "https://drive.example/en-US/contact-us",
    });
    expect(mail).toMatchObject({
      to: "jane@example.com",
      subject: "Your Nimbus email address was changed",
      locale: "en-US",
    });
    expect(mail.text).toContain("changed to m***@evil.example on January 2, 2026 at 3:04 PM UTC.");
    expect(mail.text).not.toContain("mallory");
    expect(mail.text).toContain("change your password");
    expect(mail.text).toContain("Contact us: https://drive.example/en-US/contact-us");
    expect(mail.html).toContain('<a href="https://drive.example/en-US/contact-us">');
    expect(mail.html).not.toContain("mallory");
  });

  it("fills the reader's language and leaves the link out without a public origin", () => {
    const mail = emailChangedMail({ to: "a@b.test", newEmail: "new@b.test", at: AT, locale: "ru" });
    expect(mail.subject).toBe("Адрес почты вашего аккаунта Nimbus изменён");
    expect(mail.text).toContain("n***@b.test 2 января 2026 г. в 15:04 UTC.");
    expect(mail.text).not.toContain("{url}");
    expect(mail.text).not.toContain("http");
    expect(mail.html).toContain('<html lang="ru">');
  });
});

describe("the two-step-verification reset notice", () => {
  it("is translated in all 11 locales, with the time", () => {
    const english = SERVER_TEXTS["en-US"] ?? {};
    const keys = Object.keys(english).filter((key) => key.startsWith("mail.twoFactorReset."));
    expect(keys).toHaveLength(4);
    for (const locale of LOCALES) {
      const texts = SERVER_TEXTS[locale] ?? {};
      for (const key of keys) {
        expect(texts[key], `${locale} ${key}`).toBeTruthy();
        if (locale !== "en-US") expect(texts[key], `${locale} ${key}`).not.toBe(english[key]);
      }
      expect(texts["mail.twoFactorReset.reset"]).toContain("{time}");
    }
  });

  it("says who turned it off, when, and what to do next, with the contact link", () => {
    const mail = twoFactorResetMail({
      to: "jane@example.com",
      at: AT,
      locale: "en-US",
      contactUrl: "https://drive.example/en-US/contact-us",
    });
    expect(mail.subject).toBe("Two-step verification was turned off for your Nimbus account");
    expect(mail.text).toContain("An administrator of this Nimbus server turned off");
    expect(mail.text).toContain("January 2, 2026 at 3:04 PM UTC");
    expect(mail.text).toContain("Contact us: https://drive.example/en-US/contact-us");
    expect(mail.html).toContain('<a href="https://drive.example/en-US/contact-us">');
    const japanese = twoFactorResetMail({ to: "a@b.test", at: AT, locale: "ja" });
    expect(japanese.subject).toBe("Nimbus アカウントの 2 段階認証がオフになりました");
    expect(japanese.text).not.toContain("{url}");
  });
});
