import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CURRENT_POLICIES, POLICY_UPDATE_NOTICES } from "../site/policies.js";
import { ACTIVITIES } from "./activities.js";
import { BLOG_POSTS } from "./blog.js";
import { DOWNLOAD_TARGETS } from "./downloads.js";
import { FAQ_IDS } from "./faq.js";
import { HELP_ARTICLE_STEPS, HELP_DIRECTORIES } from "./help-center.js";
import { MEMBERSHIP_PLANS, STORAGE_PACKS, TRAFFIC_PACKS } from "./plans.js";
import { POLICY_SECTIONS } from "./policy-docs.js";

const english: Record<string, string> = JSON.parse(
  readFileSync(new URL("../../../../packages/texts/src/web/en-US.json", import.meta.url), "utf8"),
);

/** Every catalogue key the typed content modules name. */
function contentKeys(): string[] {
  const keys: string[] = [];
  for (const id of FAQ_IDS) keys.push(`faq.${id}.q`, `faq.${id}.a`);
  for (const dir of HELP_DIRECTORIES) {
    keys.push(`helpCenter.dir.${dir.slug}.title`, `helpCenter.dir.${dir.slug}.summary`);
    for (const article of dir.articles) {
      keys.push(`helpCenter.article.${article}.title`, `helpCenter.article.${article}.lead`);
      for (let step = 1; step <= HELP_ARTICLE_STEPS[article]; step++)
        keys.push(`helpCenter.article.${article}.step${step}`);
    }
  }
  for (const doc of CURRENT_POLICIES) {
    keys.push(`policy.${doc}`, `policy.${doc}.summary`);
    for (const section of POLICY_SECTIONS[doc])
      keys.push(`policyDoc.${doc}.${section}.title`, `policyDoc.${doc}.${section}.body`);
  }
  for (const notice of POLICY_UPDATE_NOTICES) keys.push(`policyDoc.notice.${notice.slug}`);
  for (const [id, activity] of Object.entries(ACTIVITIES)) {
    keys.push(...["badge", "title", "lead", "cta", "rules"].map((part) => `activity.${id}.${part}`));
    for (const [offer] of activity.offers)
      keys.push(`activity.${id}.offer.${offer}.title`, `activity.${id}.offer.${offer}.body`);
  }
  for (const post of BLOG_POSTS) {
    keys.push(`blog.${post.slug}.title`);
    for (let p = 1; p <= post.paragraphs; p++) keys.push(`blog.${post.slug}.p${p}`);
  }
  for (const target of DOWNLOAD_TARGETS) keys.push(`download.${target}.name`, `download.${target}.note`);
  for (const plan of [...MEMBERSHIP_PLANS, ...STORAGE_PACKS, ...TRAFFIC_PACKS]) {
    keys.push(plan.name, `plans.period.${plan.period}`);
    for (const [feature] of plan.features) keys.push(`plans.feature.${feature}`);
  }
  return keys;
}

describe("content modules", () => {
  it("name only keys the catalogue has", () => {
    expect(contentKeys().filter((key) => !(key in english))).toEqual([]);
  });
});
