import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/auth-success";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.authSuccess.title", "page.authSuccess.lead");

export default function AuthSuccessPage() {
  return <Page name="authSuccess" />;
}
