import { Link } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { Page, Section } from "../components/page.js";
import { formatBytes } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/check-in";

const GB = 1024 ** 3;
/** A week of check-in rewards: download traffic, then a day of Premium on day 7. */
const REWARDS = [1, 1, 2, 2, 3, 3, 0].map((gb) => gb * GB);

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "checkIn");

export default function CheckInPage() {
  const t = useT();
  const locale = useLocale();
  return (
    <Page name="checkIn" className="wide">
      <ol className="reward-strip">
        {REWARDS.map((bytes, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the days never move
          <li key={index} className={bytes ? "reward" : "reward premium"}>
            <span className="reward-day">{t("checkIn.day", { day: index + 1 })}</span>
            <Icon d={bytes ? icons.download : icons.star} size={26} />
            <span>
              {bytes
                ? t("checkIn.reward.traffic", { amount: formatBytes(bytes, locale) })
                : t("checkIn.reward.premium")}
            </span>
          </li>
        ))}
      </ol>
      <div className="actions">
        <Link className="button primary large" to="/drive/all?action=show_activity_dialog">
          <Icon d={icons.calendar} />
          {t("checkIn.cta")}
        </Link>
        <Link className="button large" to={localizedPath(locale, "/check-in-guide")}>
          {t("checkIn.guideLink")}
        </Link>
      </div>
      <Section title={t("checkIn.how.title")}>
        <p>{t("checkIn.how.body")}</p>
      </Section>
    </Page>
  );
}
