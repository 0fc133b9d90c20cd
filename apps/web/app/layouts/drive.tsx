import { Outlet } from "react-router";
import { SiteHeader } from "../components/site-header.js";

/** The drive: header, sidebar and content (filled by the drive web app issue). */
export default function DriveLayout() {
  return (
    <div className="layout-drive">
      <SiteHeader simple />
      <Outlet />
    </div>
  );
}
