import { data, Link, redirect } from "react-router";
import { FormStatus } from "../components/form-status.js";
import { Icon } from "../components/icon.js";
import { useAwaitingScripts } from "../components/use-hydrated.js";
import { ACTIVITIES, type ActivityId, activityId, offerDiscount } from "../content/activities.js";
import { formatDate, formatLastDay, formatPercent } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath, requestLocale } from "../i18n/locale-url.js";
import { useMembershipAction } from "../session/use-membership.js";
import { campaignWindowOf } from "../site/campaign-windows.server.js";
import { pageMeta } from "../site/meta.js";
import { useFeature } from "../site/remote-config.js";
import type { Route } from "./+types/activity";

/**
 * `activity-end`: after its end a campaign sends visitors to the activity-end page. A
 * campaign's window and offers are the server's (`GET /vip/v1/campaigns`: none
 * configured means ended), so the page promises the discounts and the last day the
 * plans page charges. The compensation page has no end of its own.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = activityId(new URL(request.url).pathname);
  if (!id) throw data(null, { status: 404 });
  const activity = ACTIVITIES[id];
  const now = Date.now();
  const home = localizedPath(requestLocale(request), "/activity-end");
  if (!("campaign" in activity)) return { id, endsAt: undefined, startsAt: undefined, discounts: {} };
  const window = await campaignWindowOf(context.apiFetch, id, now);
  // Without the server's answer the page cannot say what is charged.
  if (window === null) throw data(null, { status: 503 });
  if (window === undefined || now >= window.endsAt) throw redirect(home);
  const discounts: Record<string, number> = {};
  for (const [offer, , products] of activity.offers) {
    const discount = offerDiscount(window.offers, products);
    if (discount !== undefined) discounts[offer] = discount;
  }
  return {
    id,
    endsAt: new Date(window.endsAt).toISOString(),
    startsAt: now < window.startsAt ? new Date(window.startsAt).toISOString() : undefined,
    discounts,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches, `activity.${data?.id}.title`, `activity.${data?.id}.lead`);

function Claim({ type }: { type: string }) {
  const t = useT();
  const { state, run } = useMembershipAction<{ type: string; grants: { premium_days?: number } }>(
    "compensate",
  );
  // A claim tapped before the page's scripts run would post nothing: marked busy until then.
  const awaiting = useAwaitingScripts();
  return (
    <form
      className="claim"
      onSubmit={(event) => {
        event.preventDefault();
        void run({ body: { type } });
      }}
    >
      <button
        className="button primary large"
        type="submit"
        disabled={state.status === "busy" || state.status === "done"}
        {...awaiting}
      >
        {t("activity.compensation.cta")}
      </button>
      <FormStatus
        state={state}
        done={t("activity.compensation.claimedDays", {
          days: state.status === "done" ? (state.data.grants.premium_days ?? 0) : 0,
        })}
      />
    </form>
  );
}

export default function ActivityPage({
  loaderData: { id, endsAt, startsAt, discounts },
}: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const activity = ACTIVITIES[id as ActivityId];
  const payments = useFeature("payments");
  return (
    <main id="main" className={`activity activity-${id}`}>
      <section className="activity-hero">
        <p className="badge">{t(`activity.${id}.badge`)}</p>
        <h1>{t(`activity.${id}.title`)}</h1>
        <p className="lead">{t(`activity.${id}.lead`)}</p>
        {"type" in activity ? (
          <Claim type={activity.type} />
        ) : (
          payments && (
            <Link className="button primary large" to="/drive/payment">
              {t(`activity.${id}.cta`)}
            </Link>
          )
        )}
        {(startsAt || endsAt) && (
          <p className="ends">
            {startsAt
              ? t("activity.startsOn", { date: formatDate(startsAt, locale) })
              : endsAt && t("activity.endsOn", { date: formatLastDay(endsAt, locale) })}
          </p>
        )}
      </section>
      <section className="band" aria-labelledby="offers-title">
        <h2 id="offers-title">{t("activity.offersTitle")}</h2>
        <ul className="feature-grid">
          {activity.offers.map(([offer, icon]) => {
            const discount = (discounts as Record<string, number | undefined>)[offer];
            if ("campaign" in activity && discount === undefined) return null;
            return (
              <li key={offer} className="feature" data-offer={offer}>
                <span className="feature-icon">
                  <Icon d={icon} size={24} />
                </span>
                <h3>
                  {t(`activity.${id}.offer.${offer}.title`, {
                    discount: discount === undefined ? "" : formatPercent(discount, locale),
                  })}
                </h3>
                <p>{t(`activity.${id}.offer.${offer}.body`)}</p>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="band rules" aria-labelledby="rules-title">
        <h2 id="rules-title">{t("activity.rulesTitle")}</h2>
        <p>{t(`activity.${id}.rules`)}</p>
        <p>
          <Link to={localizedPath(locale, "/policy/membership-agreement")}>
            {t("policy.membership-agreement")}
          </Link>
        </p>
      </section>
    </main>
  );
}
