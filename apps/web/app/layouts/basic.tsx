import { Outlet } from "react-router";
import { SiteFooter } from "../components/site-footer.js";
import { SiteHeader } from "../components/site-header.js";

/** Public pages: header (PC and mobile, with the language menu), content, footer. */
export default function BasicLayout() {
  return (
    <div className="layout layout-basic">
      <SiteHeader />
      <Outlet />
      <SiteFooter />
    </div>
  );
}
