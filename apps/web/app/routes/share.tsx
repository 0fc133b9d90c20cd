import type { ShouldRevalidateFunctionArgs } from "react-router";
import { useParams } from "react-router";
import { requestLocale } from "../i18n/locale-url.js";
import { internalOrigin, loadLinkPreview } from "../shares/link-preview.server.js";
import { shareMeta } from "../shares/share-meta.js";
import { SharePage } from "../shares/share-page.js";
import { parentIdsOf } from "../shares/share-path.js";
import type { Route } from "./+types/share";

/** The link preview (Open Graph title and item count), asked as an anonymous visitor would. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const origin = internalOrigin(process.env, new URL(request.url).origin);
  return loadLinkPreview(params.shareId, origin, requestLocale(request));
}

/** Browsing folders inside the share keeps the preview; another share loads its own. */
export function shouldRevalidate({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) {
  return currentParams.shareId !== nextParams.shareId;
}

export const meta: Route.MetaFunction = ({ matches }) => shareMeta(matches);

/** A shared link (`/s/<share_id>`); folders inside it (`/s/<share_id>/<…parent_ids>`) render here too. */
export default function ShareRoute({ params }: Route.ComponentProps) {
  const folder = useParams()["*"];
  return <SharePage key={params.shareId} shareId={params.shareId} parentIds={parentIdsOf(folder)} />;
}
