import { Link, useRevalidator } from "react-router";
import { LoadFailed } from "../components/load-state.js";
import { Page, Section } from "../components/page.js";
import { TransparencyFigures } from "../components/transparency-figures.js";
import { useT } from "../i18n/i18n.js";
import { requestLocale } from "../i18n/locale-url.js";
import { namedPageMeta } from "../site/meta.js";
import { loadTransparency, requestedYear } from "../site/transparency.server.js";
import type { Route } from "./+types/transparency-report";

export async function loader({ request, context }: Route.LoaderArgs) {
  const year = requestedYear(new URL(request.url));
  return { report: await loadTransparency(context.apiFetch, requestLocale(request), year) };
}

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "transparencyReport");

/** Built from this server's stored moderation data, one year or all time at a time. */
export default function TransparencyReportPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { report } = loaderData;
  const revalidator = useRevalidator();
  return (
    <Page name="transparencyReport">
      {report ? (
        <>
          <nav className="transparency-periods" aria-label={t("transparency.period.label")}>
            <Link
              className="transparency-period"
              to="?"
              aria-current={report.period === "all" ? "page" : undefined}
            >
              {t("transparency.period.all")}
            </Link>
            {report.years.map((year) => (
              <Link
                className="transparency-period"
                key={year}
                to={`?year=${year}`}
                aria-current={report.period === String(year) ? "page" : undefined}
              >
                {year}
              </Link>
            ))}
          </nav>
          <TransparencyFigures report={report} />
        </>
      ) : (
        <LoadFailed message={t("transparency.unavailable")} retry={() => void revalidator.revalidate()} />
      )}
      <Section title={t("transparency.about.title")}>
        <p>{t("transparency.about.body1")}</p>
        <p>{t("transparency.about.body2")}</p>
      </Section>
    </Page>
  );
}
