import { data, Link, redirect } from "react-router";
import { FormStatus } from "../components/form-status.js";
import { Icon } from "../components/icon.js";
import { ACTIVITIES, type ActivityId, activityEnded, activityId } from "../content/activities.js";
import { formatDate } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath, requestLocale } from "../i18n/locale-url.js";
import { useMembershipAction } from "../session/use-membership.js";
import { campaignWindowOf } from "../site/campaign-windows.server.js";
import { pageMeta } from "../site/meta.js";
import { useFeature } from "../site/remote-config.js";
import type { Route } from "./+types/activity";

/**
 * `activity-end`: after its end a campaign sends visitors to the activity-end page. A
 * campaign's end is the server's configured window (none configured: ended); the
 * page's own date only when the server does not answer.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = activityId(new URL(request.url).pathname);
  if (!id) throw data(null, { status: 404 });
  const now = Date.now();
  const window = "campaign" in ACTIVITIES[id] ? await campaignWindowOf(context.apiFetch, id, now) : null;
  const ended = window === null ? activityEnded(id, now) : window === undefined || now >= window.endsAt;
  if (ended) throw redirect(localizedPath(requestLocale(request), "/activity-end"));
  return { id };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches, `activity.${data?.id}.title`, `activity.${data?.id}.lead`);

function Claim({ type }: { type: string }) {
  const t = useT();
  const { state, run } = useMembershipAction<{ type: string; grants: { premium_days?: number } }>(
    "compensate",
  );
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

export default function ActivityPage({ loaderData: { id } }: Route.ComponentProps) {
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
        <p className="ends">{t("activity.endsOn", { date: formatDate(activity.endsAt, locale) })}</p>
      </section>
      <section className="band" aria-labelledby="offers-title">
        <h2 id="offers-title">{t("activity.offersTitle")}</h2>
        <ul className="feature-grid">
          {activity.offers.map(([offer, icon]) => (
            <li key={offer} className="feature">
              <span className="feature-icon">
                <Icon d={icon} size={24} />
              </span>
              <h3>{t(`activity.${id}.offer.${offer}.title`)}</h3>
              <p>{t(`activity.${id}.offer.${offer}.body`)}</p>
            </li>
          ))}
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
