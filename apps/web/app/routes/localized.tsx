import { isLocale } from "@nimbus/protocol";
import { data, Outlet } from "react-router";
import type { Route } from "./+types/localized";

/** Validity check of the optional locale segment: an unsupported one is a 404. */
export function loader({ params }: Route.LoaderArgs) {
  if (params.locale !== undefined && !isLocale(params.locale)) throw data(null, { status: 404 });
  return null;
}

export default function Localized() {
  return <Outlet />;
}
