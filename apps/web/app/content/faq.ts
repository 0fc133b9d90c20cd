/**
 * The FAQ: question ids (also their `#id` anchors) in page order. Texts:
 * `faq.<id>.q` and `faq.<id>.a` (a document namespace, loaded by the FAQ route).
 */
export const FAQ_IDS = [
  "free-storage",
  "upload-size",
  "share-files",
  "share-passcode",
  "save-shared",
  "cloud-download",
  "download-traffic",
  "premium",
  "redeem-code",
  "trash",
  "privacy",
] as const;
export type FaqId = (typeof FAQ_IDS)[number];

/** `redirect-faq-hash`: anchors older links used, mapped onto today's question ids. */
export const LEGACY_FAQ_HASHES: Readonly<Record<string, FaqId>> = {
  storage: "free-storage",
  space: "free-storage",
  upload: "upload-size",
  share: "share-files",
  password: "share-passcode",
  passcode: "share-passcode",
  "extract-code": "share-passcode",
  save: "save-shared",
  "offline-download": "cloud-download",
  magnet: "cloud-download",
  traffic: "download-traffic",
  vip: "premium",
  membership: "premium",
  "activation-code": "redeem-code",
  "recycle-bin": "trash",
  security: "privacy",
};

/** The question a location hash points at (`#premium`, `#vip`, `#question-premium`), if any. */
export function faqIdForHash(hash: string): FaqId | undefined {
  const name = decodeURIComponent(hash.replace(/^#/, ""))
    .replace(/^question-/, "")
    .toLowerCase();
  return FAQ_IDS.find((id) => id === name) ?? LEGACY_FAQ_HASHES[name];
}
