import { redirect } from "react-router";
import type { Route } from "./+types/drive-index";

/** `/drive` opens the file list, keeping any page action. */
export function loader({ request }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  return redirect(`/drive/all${search}`);
}
