import { isLocale } from "@nimbus/protocol";
import { data } from "react-router";
import { redirectFromExtensionPath } from "../components/extension-path.js";
import type { Route } from "./+types/localized";

/**
 * Validity check of the optional locale segment: an unsupported one is a 404.
 * No component: a route module without one renders its children (an outlet), and
 * the browser then has no module of this route to load.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  if (params.locale !== undefined && !isLocale(params.locale)) {
    // `/browser-extension/<page>` lands here, its prefix taken for a locale.
    redirectFromExtensionPath(request);
    throw data(null, { status: 404 });
  }
  return null;
}
