import { Page, Section } from "../components/page.js";
import { TRANSPARENCY_CATEGORIES } from "../content/transparency.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/transparency-report";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "transparencyReport");

export default function TransparencyReportPage() {
  const t = useT();
  const locale = useLocale();
  const number = new Intl.NumberFormat(locale);
  return (
    <Page name="transparencyReport">
      <div className="table-wrap">
        <table>
          <caption>{t("transparency.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("transparency.col.category")}</th>
              <th scope="col">{t("transparency.col.received")}</th>
              <th scope="col">{t("transparency.col.actioned")}</th>
            </tr>
          </thead>
          <tbody>
            {TRANSPARENCY_CATEGORIES.map((category) => (
              <tr key={category.id}>
                <th scope="row">
                  {t(`transparency.cat.${category.id}`)}
                  <span className="cat-desc muted">{t(`transparency.cat.${category.id}.desc`)}</span>
                </th>
                <td>{number.format(category.received)}</td>
                <td>{number.format(category.actioned)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Section title={t("transparency.about.title")}>
        <p>{t("transparency.about.body1")}</p>
        <p>{t("transparency.about.body2")}</p>
      </Section>
    </Page>
  );
}
