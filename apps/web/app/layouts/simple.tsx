import { Outlet } from "react-router";
import { SiteHeader } from "../components/site-header.js";

/** A simple header and the content: hand-off and in-app pages. */
export default function SimpleLayout() {
  return (
    <div className="layout-simple">
      <SiteHeader simple />
      <Outlet />
    </div>
  );
}
