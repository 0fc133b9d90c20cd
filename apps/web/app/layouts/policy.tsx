import { Outlet } from "react-router";
import { SiteFooter } from "../components/site-footer.js";
import { SiteHeader } from "../components/site-header.js";

/** Policy documents: a reading column between the header and footer. */
export default function PolicyLayout() {
  return (
    <div className="layout-policy">
      <SiteHeader />
      <div className="policy-column">
        <Outlet />
      </div>
      <SiteFooter />
    </div>
  );
}
