/**
 * A name as search compares it: NFC, lower-cased by Unicode rules (so "Ä", "Я"
 * and "A" fold like their lower-case forms on both databases, unlike SQL lower()).
 */
export function foldName(name: string): string {
  return name.normalize("NFC").toLowerCase();
}
