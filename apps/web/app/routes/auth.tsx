import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.auth.title", "page.auth.lead");

export default function AuthPage() {
  return <Page name="auth" />;
}
