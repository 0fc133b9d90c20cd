import { Outlet } from "react-router";
import { SiteFooter } from "../components/site-footer.js";
import { SiteHeader } from "../components/site-header.js";

/** The simple header around one centred card: hand-off and in-app pages. */
export default function SimpleLayout() {
  return (
    <div className="layout layout-simple">
      <SiteHeader simple />
      <Outlet />
      <SiteFooter compact />
    </div>
  );
}
