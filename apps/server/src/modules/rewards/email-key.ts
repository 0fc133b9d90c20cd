/** Providers where dots in the local part do not matter, and their aliases. */
const DOTLESS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * One person's address in one form, so aliases of a mailbox count as one invitee:
 * lower case, the `+tag` dropped, and for Gmail the dots too (`A.b+x@GoogleMail.com`
 * → `ab@gmail.com`).
 */
export function emailKey(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return email.trim().toLowerCase();
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  let local = email.slice(0, at).trim().toLowerCase();
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const canonical = DOTLESS[domain];
  if (canonical) return `${local.replaceAll(".", "")}@${canonical}`;
  return `${local}@${domain}`;
}

/** A name or address shown to someone else: the first two characters, then `***` (and the domain). */
export function maskName(name: string): string {
  const at = name.indexOf("@");
  const visible = (at >= 0 ? name.slice(0, at) : name).slice(0, 2);
  return `${visible}***${at >= 0 ? name.slice(at) : ""}`;
}
