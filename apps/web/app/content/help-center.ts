import * as icons from "../components/icons.js";

/**
 * The help center: directories of articles. URLs are `help-center/<directory>` and
 * `help-center/<directory>/<article>`. Texts (document namespace `helpCenter.`):
 * `helpCenter.dir.<dir>.title|summary`, `helpCenter.article.<article>.title|lead|step1…stepN`.
 */
export const HELP_DIRECTORIES = [
  { slug: "getting-started", icon: icons.cloud, articles: ["create-account", "upload-files"] },
  { slug: "sharing", icon: icons.share, articles: ["share-files", "save-shared-files"] },
  { slug: "cloud-download", icon: icons.magnet, articles: ["add-cloud-download", "supported-links"] },
  { slug: "membership", icon: icons.star, articles: ["premium-plans", "redeem-code"] },
  { slug: "apps", icon: icons.monitor, articles: ["connect-an-app"] },
] as const satisfies ReadonlyArray<{ slug: string; icon: string; articles: readonly string[] }>;

export type HelpDirectory = (typeof HELP_DIRECTORIES)[number];

/** Steps in each article. */
export const HELP_ARTICLE_STEPS: Readonly<Record<HelpDirectory["articles"][number], number>> = {
  "create-account": 3,
  "upload-files": 3,
  "share-files": 4,
  "save-shared-files": 3,
  "add-cloud-download": 3,
  "supported-links": 4,
  "premium-plans": 3,
  "redeem-code": 3,
  "connect-an-app": 3,
};

/**
 * `help-center-default-dir`: where a slug the help center does not know is sent
 * (instead of a 404), the directory new readers need first.
 */
export const DEFAULT_HELP_DIRECTORY = "getting-started";

export type HelpPage =
  | { kind: "directory"; directory: HelpDirectory }
  | { kind: "article"; directory: HelpDirectory; article: string; steps: number };

/** Resolves the `help-center/*` splat, or undefined when it names nothing we have. */
export function resolveHelpPage(splat: string): HelpPage | undefined {
  const [dirSlug, articleSlug, ...rest] = splat.split("/").filter(Boolean);
  const directory = HELP_DIRECTORIES.find((dir) => dir.slug === dirSlug);
  if (!directory || rest.length > 0) return undefined;
  if (articleSlug === undefined) return { kind: "directory", directory };
  const article = directory.articles.find((slug) => slug === articleSlug);
  return article ? { kind: "article", directory, article, steps: HELP_ARTICLE_STEPS[article] } : undefined;
}
