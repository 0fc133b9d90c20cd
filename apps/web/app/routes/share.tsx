import type { ShouldRevalidateFunctionArgs } from "react-router";
import { data, useParams } from "react-router";
import { requestLocale } from "../i18n/locale-url.js";
import { loadLinkPreview } from "../shares/link-preview.server.js";
import { shareMeta } from "../shares/share-meta.js";
import { SharePage } from "../shares/share-page.js";
import { parentIdsOf } from "../shares/share-path.js";
import { loadFirstVisit } from "../shares/share-visit.server.js";
import type { Route } from "./+types/share";

/**
 * The link preview (Open Graph title and item count), asked as an anonymous visitor
 * would, and the visitor's own first visit, so the page renders what they will see;
 * an unknown share answers 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const parentIds = parentIdsOf(params["*"]);
  const [preview, first] = await Promise.all([
    loadLinkPreview(params.shareId, locale, context.apiFetch),
    loadFirstVisit(request, params.shareId, parentIds, locale, context.apiFetch),
  ]);
  return data({ ...preview, first }, preview.unknown ? { status: 404 } : undefined);
}

/** Browsing folders inside the share keeps the preview; another share loads its own. */
export function shouldRevalidate({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) {
  return currentParams.shareId !== nextParams.shareId;
}

export const meta: Route.MetaFunction = ({ matches }) => shareMeta(matches);

/** A shared link (`/s/<share_id>`); folders inside it (`/s/<share_id>/<…parent_ids>`) render here too. */
export default function ShareRoute({ params, loaderData }: Route.ComponentProps) {
  const folder = useParams()["*"];
  return (
    <SharePage
      key={params.shareId}
      shareId={params.shareId}
      parentIds={parentIdsOf(folder)}
      first={loaderData.first}
    />
  );
}
