import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { LoadFailed, LoadingLine } from "../components/load-state.js";
import { formatBytes, formatDate } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { vipDaysLeft } from "../lib/vip.js";
import type { Membership } from "../session/membership-api.js";
import { sessionPremium, useDriveSession } from "../session/session.js";
import { useMembershipAction, useMembershipLoad } from "../session/use-membership.js";
import { useFeature } from "../site/remote-config.js";
import { PremiumBadge } from "./premium-badge.js";
import { UsageBar } from "./usage-bar.js";

function SubscriptionControls({ membership, onChanged }: { membership: Membership; onChanged(): void }) {
  const t = useT();
  const cancel = useMembershipAction<Membership>("cancel");
  const resume = useMembershipAction<Membership>("resume");
  const subscription = membership.subscription;
  if (!subscription || subscription.status === "ended") return null;
  const ending = membership.premium?.cancel_at_period_end || subscription.status === "cancelled";
  const action = ending ? resume : cancel;
  return (
    <div className="subscription-controls">
      <button
        type="button"
        className="button"
        disabled={action.state.status === "busy"}
        onClick={async () => {
          const result = await action.run({ body: {} });
          if (result.ok) onChanged();
        }}
      >
        {ending ? t("account.plan.resume") : t("account.plan.cancel")}
      </button>
      {!ending && <p className="muted small">{t("account.plan.cancelNote")}</p>}
      {action.state.status === "error" && (
        <p className="form-message error" role="alert">
          {action.state.message}
        </p>
      )}
    </div>
  );
}

/**
 * The account page's plan (issue 15): Free or Premium with its badge, the renewal or
 * expiry date with the days left (whole days, rounded up, never negative), the packs,
 * and cancel at period end / resume of a subscription.
 */
export function MembershipSection() {
  const t = useT();
  const locale = useLocale();
  const { session, reload: reloadSession } = useDriveSession();
  const { state, reload } = useMembershipLoad<Membership>("membership");
  // Free days of an invite, claimed after this loaded (on the first drive page, session.ts): ask again.
  const freeDays = session.status === "ready" ? session.freeDays : 0;
  const seenFreeDays = useRef(freeDays);
  useEffect(() => {
    if (freeDays > seenFreeDays.current) reload();
    seenFreeDays.current = freeDays;
  }, [freeDays, reload]);
  const about = session.status === "ready" ? session.about : undefined;
  const premium = state.status === "ready" ? state.data.premium : null;
  const expire = premium?.expire || (session.status === "ready" ? session.vip?.expire : "") || "";
  const days = vipDaysLeft(expire, Date.now());
  const isPremium = sessionPremium(session) || (premium !== null && days > 0);
  const renews = premium?.renews_time && !premium.cancel_at_period_end ? premium.renews_time : undefined;
  const payments = useFeature("payments");
  return (
    <>
      <p className="plan-line">
        <PremiumBadge free />
      </p>
      {state.status === "loading" && <LoadingLine />}
      {state.status === "error" && <LoadFailed message={state.message} error={state.error} retry={reload} />}
      {isPremium && expire && (
        <p className="plan-dates" data-testid="plan-dates">
          {renews
            ? t("account.plan.renews", { date: formatDate(renews, locale) })
            : t("account.plan.expires", { date: formatDate(expire, locale) })}{" "}
          <span className="muted">{t("account.plan.daysLeft", { days })}</span>
        </p>
      )}
      {isPremium && !expire && session.status === "ready" && session.freeDays > 0 && (
        <p className="plan-dates">{t("account.plan.freeDays", { days: session.freeDays })}</p>
      )}
      {state.status === "ready" && state.data.packs.length > 0 && (
        <>
          <h3>{t("account.plan.packs")}</h3>
          <ul className="pack-list">
            {state.data.packs.map((pack, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: packs have no id and do not move
              <li key={index}>
                <Icon d={pack.kind === "storage_pack" ? icons.cloud : icons.bolt} size={18} />
                {t(pack.kind === "storage_pack" ? "plans.storagePack" : "plans.trafficPack", {
                  amount: formatBytes(pack.bytes, locale),
                })}
                {pack.expire && (
                  <span className="muted small">
                    {" "}
                    {t("account.plan.packUntil", { date: formatDate(pack.expire, locale) })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {about && <UsageBar about={about} />}
      {state.status === "ready" && (
        <SubscriptionControls
          membership={state.data}
          onChanged={() => {
            reload();
            reloadSession();
          }}
        />
      )}
      {payments && (
        <Link className="button primary" to="/drive/payment">
          <Icon d={icons.crown} />
          {isPremium ? t("account.plan.extend") : t("drive.user.upgrade")}
        </Link>
      )}
    </>
  );
}
