import { serverText } from "@nimbus/texts/server";

const CHALLENGE_TEXT_NAMES = [
  "title",
  "lead",
  "label",
  "loading",
  "verifying",
  "verified",
  "error",
  "expired",
  "reload",
  "gone",
] as const;

/** The challenge page's texts (`captcha.*`), also handed to the ALTCHA widget as its strings. */
export type ChallengeTexts = Record<(typeof CHALLENGE_TEXT_NAMES)[number], string>;

export function challengeTexts(locale: string): ChallengeTexts {
  return Object.fromEntries(
    CHALLENGE_TEXT_NAMES.map((name) => [name, serverText(locale, `captcha.${name}`)]),
  ) as ChallengeTexts;
}

export type PageTheme = "light" | "dark" | "system";

export interface ChallengePageInput {
  locale: string;
  theme: PageTheme;
  texts: ChallengeTexts;
  /** Undefined when the ticket is forged or expired: the page only says so. */
  ticket: string | undefined;
  /** The nonce of the page's Content-Security-Policy, carried by its scripts. */
  nonce: string;
}

export const ALTCHA_SCRIPT_PATH = "/v1/shield/assets/altcha.js";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON safe inside a `<script>` element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

const STYLE = `
:root{color-scheme:light;--bg:#fff;--fg:#1c2230;--muted:#5b6475;--accent:#3a6df0;--line:#e3e7ef}
:root[data-theme=dark]{color-scheme:dark;--bg:#171a21;--fg:#e8ebf2;--muted:#a3abbb;--accent:#7da2ff;--line:#2d3340}
@media (prefers-color-scheme:dark){:root[data-theme=system]{color-scheme:dark;--bg:#171a21;--fg:#e8ebf2;--muted:#a3abbb;--accent:#7da2ff;--line:#2d3340}}
*{box-sizing:border-box}
html,body{margin:0;height:100%;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
main{display:flex;flex-direction:column;justify-content:center;gap:14px;min-height:100%;max-width:320px;margin:0 auto;padding:28px 22px}
.mark{width:44px;height:44px;border-radius:12px;background:var(--accent);display:grid;place-items:center}
h1{font-size:20px;line-height:1.25;margin:0}
p{margin:0;color:var(--muted)}
altcha-widget{display:block;--altcha-max-width:100%;--altcha-color-base:var(--bg);--altcha-color-text:var(--fg);--altcha-color-border:var(--line)}
.status{min-height:1.45em;font-size:14px}
.status[data-kind=error]{color:#d93f3f}
`;

/** The 320×430 challenge page: ALTCHA's widget solves the proof of work, then the page goes on with the token. */
export function challengePageHtml(input: ChallengePageInput): string {
  const { texts } = input;
  const nonce = escapeHtml(input.nonce);
  const config = {
    ticket: input.ticket,
    language: input.locale.toLowerCase(),
    strings: {
      label: texts.label,
      loading: texts.loading,
      verifying: texts.verifying,
      verified: texts.verified,
      waitAlert: texts.verifying,
      error: texts.error,
      expired: texts.expired,
      reload: texts.reload,
      verificationRequired: texts.lead,
    },
    errorText: texts.error,
  };
  const body = input.ticket
    ? `<altcha-widget id="pow" hidefooter></altcha-widget>
<p class="status" id="status" role="status" aria-live="polite"></p>
<script id="config" type="application/json">${scriptJson(config)}</script>
<script nonce="${nonce}" src="${ALTCHA_SCRIPT_PATH}"></script>
<script nonce="${nonce}">${PAGE_SCRIPT}</script>`
    : `<p class="status" data-kind="error" role="alert">${escapeHtml(texts.gone)}</p>`;
  return `<!doctype html>
<html lang="${escapeHtml(input.locale)}" data-theme="${input.theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(texts.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="mark" aria-hidden="true"><svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6z"/><path d="M9 12l2 2 4-4"/></svg></div>
<h1>${escapeHtml(texts.title)}</h1>
<p>${escapeHtml(texts.lead)}</p>
${body}
</main>
</body>
</html>`;
}

/**
 * Runs in the page: configures the widget (its texts in the page's language, the
 * challenge fetched for this ticket), sends the solved payload, then tells the
 * embedding page and redirects to the address carrying `captcha_token`.
 */
const PAGE_SCRIPT = `(function(){
var config=JSON.parse(document.getElementById("config").textContent);
var widget=document.getElementById("pow");
var status=document.getElementById("status");
var ticket=encodeURIComponent(config.ticket);
var known={};window.$altcha.i18n.store.subscribe(function(value){known=value||{};})();
window.$altcha.i18n.set(config.language,Object.assign({},known.en,config.strings));
widget.configure({challenge:"/v1/shield/challenge/pow?c="+ticket,language:config.language,hideFooter:true});
widget.addEventListener("verified",function(event){
  fetch("/v1/shield/challenge/verify",{method:"POST",headers:{"content-type":"application/json"},body:JSON.stringify({c:config.ticket,payload:event.detail.payload})})
  .then(function(response){return response.json().then(function(body){if(!response.ok||!body.redirect)throw new Error(body.error_description||"verify");return body;});})
  .then(function(body){
    try{if(window.parent!==window)window.parent.postMessage({url:body.redirect,captcha_token:body.captcha_token,expires_in:body.expires_in},"*");}catch(e){}
    location.replace(body.redirect);
  })
  .catch(function(){status.dataset.kind="error";status.textContent=config.errorText;widget.reset();});
});
})();`;
