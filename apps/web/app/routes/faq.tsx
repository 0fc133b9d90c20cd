import { useEffect } from "react";
import { Link } from "react-router";
import { Page } from "../components/page.js";
import { FAQ_IDS, faqIdForHash } from "../content/faq.js";
import { documentMessages } from "../i18n/documents.server.js";
import { MessagesProvider, useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/faq";

export async function loader({ request }: Route.LoaderArgs) {
  return { messages: await documentMessages(request, "faq.") };
}

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "faq");

/** `redirect-faq-hash`: opens and scrolls to the question the hash names, old anchors included. */
function useFaqHash() {
  useEffect(() => {
    const open = () => {
      const id = faqIdForHash(window.location.hash);
      const item = id && document.getElementById(id);
      if (!(item instanceof HTMLDetailsElement)) return;
      if (window.location.hash !== `#${id}`) history.replaceState(history.state, "", `#${id}`);
      item.open = true;
      item.scrollIntoView({ block: "start" });
      item.querySelector("summary")?.focus({ preventScroll: true });
    };
    open();
    window.addEventListener("hashchange", open);
    return () => window.removeEventListener("hashchange", open);
  }, []);
}

function Questions() {
  const t = useT();
  const locale = useLocale();
  useFaqHash();
  return (
    <>
      <div className="faq-list">
        {FAQ_IDS.map((id) => (
          <details key={id} id={id} className="faq-item">
            <summary>
              <h2>{t(`faq.${id}.q`)}</h2>
            </summary>
            <p>{t(`faq.${id}.a`)}</p>
          </details>
        ))}
      </div>
      <p className="callout-line">
        {t("faq.more")} <Link to={localizedPath(locale, "/contact-us")}>{t("nav.contactUs")}</Link>
      </p>
    </>
  );
}

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  return (
    <MessagesProvider messages={loaderData.messages}>
      <Page name="faq">
        <Questions />
      </Page>
    </MessagesProvider>
  );
}
