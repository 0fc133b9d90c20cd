/**
 * Mailboxes of this instance, on its own domain (`support@files.example.org`), so a
 * self-hosted server needs no configuration for its contact page to be right.
 */
export type Mailbox = "support" | "abuse" | "copyright";

export function mailbox(kind: Mailbox, hostname: string): string {
  return `${kind}@${hostname.replace(/^www\./, "")}`;
}
