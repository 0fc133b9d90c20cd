import { useEffect, useRef } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { SiteFooter } from "../components/site-footer.js";
import { SiteHeader } from "../components/site-header.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { CURRENT_POLICIES } from "../site/policies.js";

/** Policy documents: a reading column beside the list of every policy. */
export default function PolicyLayout() {
  const t = useT();
  const locale = useLocale();
  const { pathname } = useLocation();
  const list = useRef<HTMLUListElement>(null);
  // On phones the list is a row of pills that scrolls sideways: keep the current one in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on every document change
  useEffect(() => {
    const current = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (list.current && current) list.current.scrollLeft = current.offsetLeft - list.current.offsetLeft - 16;
  }, [pathname]);
  return (
    <div className="layout layout-policy">
      <SiteHeader />
      <div className="policy-layout">
        <aside className="policy-aside">
          <nav aria-label={t("policy.listTitle")}>
            <h2>{t("policy.listTitle")}</h2>
            <ul ref={list}>
              {CURRENT_POLICIES.map((doc) => (
                <li key={doc}>
                  <NavLink to={localizedPath(locale, `/policy/${doc}`)}>{t(`policy.${doc}`)}</NavLink>
                </li>
              ))}
              <li>
                <NavLink to={localizedPath(locale, "/policy/update")}>{t("nav.policyUpdates")}</NavLink>
              </li>
            </ul>
          </nav>
        </aside>
        <Outlet />
      </div>
      <SiteFooter />
    </div>
  );
}
