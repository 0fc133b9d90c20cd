import { Outlet } from "react-router";
import { LanguageHint } from "../components/language-hint.js";
import { SiteFooter } from "../components/site-footer.js";
import { SiteHeader } from "../components/site-header.js";

/** Public pages: header (PC and mobile, with the language menu), the language hint, content, footer. */
export default function BasicLayout() {
  return (
    <div className="layout layout-basic">
      <SiteHeader />
      <LanguageHint />
      <Outlet />
      <SiteFooter />
    </div>
  );
}
