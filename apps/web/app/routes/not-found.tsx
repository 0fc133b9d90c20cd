import { data, type LoaderFunctionArgs } from "react-router";
import { redirectFromExtensionPath } from "../components/extension-path.js";

/**
 * Matches nothing else: 404, rendered by the root error boundary. A phone asking a
 * browser-extension path goes to the page without the extension prefix (spec §2).
 */
export function loader({ request }: LoaderFunctionArgs) {
  redirectFromExtensionPath(request);
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
