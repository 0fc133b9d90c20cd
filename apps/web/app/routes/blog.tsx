import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.blog.title", "page.blog.lead");

export default function BlogPage() {
  return <Page name="blog" />;
}
