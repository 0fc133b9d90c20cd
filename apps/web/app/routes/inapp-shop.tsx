import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/inapp-shop";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.inappShop.title", "page.inappShop.lead");

export default function InappShopPage() {
  return <Page name="inappShop" />;
}
