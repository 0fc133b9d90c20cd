import { shareMeta } from "../shares/share-meta.js";
import type { Route } from "./+types/share-folder";

export const meta: Route.MetaFunction = ({ matches }) => shareMeta(matches);

/**
 * A folder inside a shared link (`parent_ids`): the share page above renders it from
 * the path, so browsing keeps its header, selection tools and dialogs in place.
 */
export default function ShareFolderRoute() {
  return null;
}
