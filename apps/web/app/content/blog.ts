/**
 * Blog posts, newest first. Texts (document namespace `blog.`):
 * `blog.<slug>.title` and `blog.<slug>.p1…pN`.
 */
export const BLOG_POSTS = [
  { slug: "cloud-download-tips", date: "2026-09-15", paragraphs: 2 },
  { slug: "share-passcodes", date: "2026-06-02", paragraphs: 2 },
  { slug: "introducing-nimbus", date: "2026-03-10", paragraphs: 2 },
] as const;
