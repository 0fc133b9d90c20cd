import { loadMessages, type Messages, pickMessages } from "./i18n.js";
import { requestLocale } from "./locale-url.js";

/** A route's document namespaces (see DOCUMENT_NAMESPACES) in the request's locale. */
export async function documentMessages(request: Request, ...namespaces: string[]): Promise<Messages> {
  const messages = await loadMessages(requestLocale(request));
  return pickMessages(messages, (key) => namespaces.some((ns) => key.startsWith(ns)));
}
