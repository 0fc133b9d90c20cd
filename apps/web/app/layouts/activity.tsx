import { Outlet } from "react-router";
import { SiteFooter } from "../components/site-footer.js";
import { SiteHeader } from "../components/site-header.js";

/** Campaign pages: the simple header, a full-width campaign, a compact footer. */
export default function ActivityLayout() {
  return (
    <div className="layout layout-activity">
      <SiteHeader simple />
      <Outlet />
      <SiteFooter compact />
    </div>
  );
}
