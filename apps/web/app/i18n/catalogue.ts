import urls from "virtual:nimbus/catalogues";
import { DEFAULT_LOCALE, type Locale } from "@nimbus/protocol";
import { loadMessages, type Messages, pickMessages } from "./i18n.js";
import { isShellKey } from "./namespaces.js";

/**
 * The page catalogue (every web text but the long documents) of each locale this
 * process has loaded. Pages never carry it in their HTML (decision 0034): the server
 * renders with it, and the browser loads the same texts from a hashed, immutable asset
 * (`catalogueUrl`) before it hydrates or moves to another locale.
 */
const loaded = new Map<string, Messages>();
const pending = new Map<string, Promise<Messages>>();
const NONE: Messages = {};

/** The URL of `locale`'s catalogue asset (the default locale's for an unknown one). */
export function catalogueUrl(locale: string): string {
  return urls[locale] ?? urls[DEFAULT_LOCALE] ?? "";
}

/** `locale`'s page catalogue if loaded here, otherwise no texts (a key renders as itself). */
export function pageCatalogue(locale: string): Messages {
  return loaded.get(locale) ?? NONE;
}

export function rememberCatalogue(locale: string, messages: Messages): Messages {
  loaded.set(locale, messages);
  return messages;
}

/** In the browser: loads `locale`'s catalogue asset once (the page's preload answers it). */
export function fetchCatalogue(locale: string): Promise<Messages> {
  const known = loaded.get(locale);
  if (known) return Promise.resolve(known);
  let request = pending.get(locale);
  if (!request) {
    request = fetch(catalogueUrl(locale), { credentials: "same-origin" })
      .then((response) => {
        if (!response.ok) throw new Error(`catalogue ${locale}: HTTP ${response.status}`);
        return response.json() as Promise<Messages>;
      })
      .then((messages) => rememberCatalogue(locale, messages))
      .finally(() => pending.delete(locale));
    pending.set(locale, request);
  }
  return request;
}

/** On the server: `locale`'s page catalogue, compiled once per process from the texts package. */
export async function loadPageCatalogue(locale: Locale): Promise<Messages> {
  return (
    loaded.get(locale) ?? rememberCatalogue(locale, pickMessages(await loadMessages(locale), isShellKey))
  );
}
