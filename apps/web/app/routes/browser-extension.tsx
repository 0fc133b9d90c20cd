import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/browser-extension";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.browserExtension.title", "page.browserExtension.lead");

export default function BrowserExtensionPage() {
  return <Page name="browserExtension" />;
}
