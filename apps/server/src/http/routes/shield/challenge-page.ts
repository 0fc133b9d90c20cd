import { endpoints, isLocale, negotiateLocale } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { challengePagePolicy, newNonce } from "../../security-headers.js";
import type { NimbusApp } from "../../types.js";
import { challengePageHtml, challengeTexts, type PageTheme } from "./challenge-html.js";

const THEMES = new Set<PageTheme>(["light", "dark", "system"]);

/** The web app's saved theme (`pp_theme`), so the frame matches the page around it. */
function themeOf(query: string | undefined, cookie: string | undefined): PageTheme {
  const value = query ?? cookie;
  return value && THEMES.has(value as PageTheme) ? (value as PageTheme) : "system";
}

/** `GET /v1/shield/challenge?c=…`: the page a challenge `url` opens (shown in a 320×430 frame). */
export function challengePage(app: NimbusApp, { captcha, config }: Services): void {
  route(
    app,
    endpoints.shield.challengePage,
    {
      schema: {
        tags: ["shield"],
        summary: "The captcha challenge page (HTML): a proof of work, then a redirect carrying captcha_token",
      },
    },
    async (request, reply) => {
      const { c, lang, theme } = request.query;
      const locale = lang && isLocale(lang) ? lang : negotiateLocale(request.headers["accept-language"]);
      let ticket: string | undefined = c;
      try {
        captcha.openTicket(c);
      } catch {
        ticket = undefined;
      }
      const nonce = newNonce();
      reply
        .code(ticket ? 200 : 410)
        .header("content-security-policy", challengePagePolicy(nonce, config.embedParentOrigins))
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .header("referrer-policy", "no-referrer");
      return challengePageHtml({
        locale,
        theme: themeOf(theme, request.cookies.pp_theme),
        texts: challengeTexts(locale),
        ticket,
        nonce,
      });
    },
  );
}
