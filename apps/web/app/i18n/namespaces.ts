/**
 * Long-form documents (FAQ answers, help articles, policy texts, blog posts). They are
 * left out of the catalogue every page loads; the route that shows one sends its
 * namespace with its own loader data (`<MessagesProvider>`). No imports: the build's
 * catalogue plugin (apps/web/build-plugins/catalogue-assets.ts) uses it too.
 */
export const DOCUMENT_NAMESPACES = ["faq.", "helpCenter.", "policyDoc.", "blog."] as const;

/** Whether `key` belongs to the catalogue every page loads (all but the documents). */
export function isShellKey(key: string): boolean {
  return !DOCUMENT_NAMESPACES.some((ns) => key.startsWith(ns));
}
