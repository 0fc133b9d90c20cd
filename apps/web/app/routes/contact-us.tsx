import { Link } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { Page } from "../components/page.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { type Mailbox, mailbox } from "../site/contact.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/contact-us";

type Channel = { id: string; icon: string } & ({ to: string; label: string } | { mail: Mailbox });

const CHANNELS: readonly Channel[] = [
  { id: "help", icon: icons.info, to: "/help-center", label: "nav.helpCenter" },
  { id: "feedback", icon: icons.chat, to: "/drive/feedback", label: "contact.feedback.action" },
  { id: "support", icon: icons.mail, mail: "support" },
  { id: "abuse", icon: icons.shield, mail: "abuse" },
  { id: "copyright", icon: icons.lock, mail: "copyright" },
];

export function loader({ request }: Route.LoaderArgs) {
  return { hostname: new URL(request.url).hostname };
}

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "contactUs");

export default function ContactUsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  return (
    <Page name="contactUs" className="wide">
      <ul className="card-grid">
        {CHANNELS.map((channel) => {
          const address = "mail" in channel ? mailbox(channel.mail, loaderData.hostname) : "";
          return (
            <li key={channel.id} className="card">
              <span className="feature-icon">
                <Icon d={channel.icon} size={24} />
              </span>
              <h2>{t(`contact.${channel.id}.title`)}</h2>
              <p className="muted">{t(`contact.${channel.id}.body`)}</p>
              {"mail" in channel ? (
                <a href={`mailto:${address}`}>{address}</a>
              ) : (
                <Link to={channel.to.startsWith("/drive") ? channel.to : localizedPath(locale, channel.to)}>
                  {t(channel.label)}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      <p className="callout-line">{t("contact.responseTime")}</p>
    </Page>
  );
}
