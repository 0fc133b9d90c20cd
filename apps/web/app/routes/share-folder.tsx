import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/share-folder";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.shareFolder.title", "page.shareFolder.lead");

export default function ShareFolderPage() {
  return <Page name="shareFolder" />;
}
