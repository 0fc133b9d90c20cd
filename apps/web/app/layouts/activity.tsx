import { Outlet } from "react-router";
import { SiteHeader } from "../components/site-header.js";

/** Campaign pages: a simple header over a full-width campaign. */
export default function ActivityLayout() {
  return (
    <div className="layout-activity">
      <SiteHeader simple />
      <Outlet />
    </div>
  );
}
