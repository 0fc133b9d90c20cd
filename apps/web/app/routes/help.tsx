import { Link } from "react-router";
import { HelpTopics } from "../components/help-topics.js";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { Page, Section } from "../components/page.js";
import { documentMessages } from "../i18n/documents.server.js";
import { MessagesProvider, useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/help";

const SHORTCUTS: ReadonlyArray<[path: string, key: string, icon: string]> = [
  ["/faq", "nav.faq", icons.info],
  ["/tv-help", "nav.tvHelp", icons.tv],
  ["/install-apk-troubleshooting", "nav.apkHelp", icons.android],
  ["/contact-us", "nav.contactUs", icons.mail],
];

export async function loader({ request }: Route.LoaderArgs) {
  return { messages: await documentMessages(request, "helpCenter.dir.") };
}

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "help");

function Shortcuts() {
  const t = useT();
  const locale = useLocale();
  return (
    <Section title={t("help.shortcuts")}>
      <ul className="shortcut-list">
        {SHORTCUTS.map(([path, key, icon]) => (
          <li key={path}>
            <Link className="shortcut" to={localizedPath(locale, path)}>
              <Icon d={icon} />
              {t(key)}
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export default function HelpPage({ loaderData }: Route.ComponentProps) {
  return (
    <MessagesProvider messages={loaderData.messages}>
      <Page name="help" className="wide">
        <HelpTopics />
        <Shortcuts />
      </Page>
    </MessagesProvider>
  );
}
