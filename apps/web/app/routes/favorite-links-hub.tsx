import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/favorite-links-hub";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.favoriteLinksHub.title", "page.favoriteLinksHub.lead");

export default function FavoriteLinksHubPage() {
  return <Page name="favoriteLinksHub" />;
}
