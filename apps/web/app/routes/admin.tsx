import { data } from "react-router";
import { AdminLogSection } from "../admin/admin-log.js";
import { CodeBatchesSection } from "../admin/code-batches.js";
import { ConfigEditor } from "../admin/config-editor.js";
import { ConsoleShell } from "../admin/console-shell.js";
import { DashboardSection } from "../admin/dashboard.js";
import { FeedbackInbox } from "../admin/feedback-inbox.js";
import { ModerationSection } from "../admin/moderation.js";
import { ProductsSection } from "../admin/products.js";
import { TransparencySection } from "../admin/transparency-section.js";
import { UsersSection } from "../admin/users.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/admin";

const SECTIONS = {
  dashboard: DashboardSection,
  users: UsersSection,
  moderation: ModerationSection,
  feedback: FeedbackInbox,
  codes: CodeBatchesSection,
  products: ProductsSection,
  config: ConfigEditor,
  actions: AdminLogSection,
  transparency: TransparencySection,
} as const;

type Section = keyof typeof SECTIONS;

function sectionOf(param: string | undefined): Section | undefined {
  const name = param ?? "dashboard";
  return name in SECTIONS ? (name as Section) : undefined;
}

export function loader({ params }: Route.LoaderArgs) {
  if (!sectionOf(params.section)) throw data(null, { status: 404 });
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "admin");

/** `/admin` and `/admin/{section}`: the admin console, for admins only (the API decides). */
export default function AdminRoute({ params }: Route.ComponentProps) {
  const Section = SECTIONS[sectionOf(params.section) ?? "dashboard"];
  return (
    <ConsoleShell>
      <Section />
    </ConsoleShell>
  );
}
