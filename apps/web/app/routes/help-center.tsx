import { HelpTopics } from "../components/help-topics.js";
import { Page } from "../components/page.js";
import { documentMessages } from "../i18n/documents.server.js";
import { MessagesProvider } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/help-center";

export async function loader({ request }: Route.LoaderArgs) {
  return { messages: await documentMessages(request, "helpCenter.") };
}

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "helpCenter");

export default function HelpCenterPage({ loaderData }: Route.ComponentProps) {
  return (
    <MessagesProvider messages={loaderData.messages}>
      <Page name="helpCenter" className="wide">
        <HelpTopics withArticles />
      </Page>
    </MessagesProvider>
  );
}
