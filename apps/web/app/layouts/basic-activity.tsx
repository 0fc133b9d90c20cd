import { Outlet } from "react-router";
import { SiteFooter } from "../components/site-footer.js";
import { SiteHeader } from "../components/site-header.js";

/** The basic header and footer around campaign-style content (blog, referral). */
export default function BasicActivityLayout() {
  return (
    <div className="layout layout-basic-activity">
      <SiteHeader />
      <Outlet />
      <SiteFooter />
    </div>
  );
}
