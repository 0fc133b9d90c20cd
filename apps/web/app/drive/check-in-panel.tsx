import { Link } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { LoadFailed, LoadingLine } from "../components/load-state.js";
import { formatBytes } from "../i18n/format.js";
import { type Translate, useLocale, useT } from "../i18n/i18n.js";
import type { CheckInResult, CheckInReward, CheckInStatus } from "../session/membership-api.js";
import { useMembershipAction, useMembershipLoad } from "../session/use-membership.js";
import { useFeature } from "../site/remote-config.js";

function rewardText(reward: { kind: string; amount: number }, t: Translate, locale: string): string {
  if (reward.kind.includes("premium") || reward.kind.includes("vip"))
    return t("checkIn.reward.premiumDays", { days: reward.amount });
  return t("checkIn.reward.traffic", { amount: formatBytes(reward.amount, locale) });
}

const GB = 1024 ** 3;

/** The browser's IANA time zone: the check-in day is counted in it. */
function userTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
/** What a visitor not signed in sees: a week of traffic, then a day of Premium on day 7. */
const DEFAULT_REWARDS: CheckInReward[] = [1, 1, 2, 2, 3, 3].map((gb, index) => ({
  day: index + 1,
  kind: "traffic",
  amount: gb * GB,
}));
DEFAULT_REWARDS.push({ day: 7, kind: "premium_day", amount: 1 });

function RewardStrip({
  rewards,
  today,
}: {
  rewards: readonly CheckInStatus["rewards"][number][];
  today?: number;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <ol className="reward-strip">
      {rewards.map((reward) => {
        const premium = reward.kind.includes("premium") || reward.kind.includes("vip");
        const classes = ["reward", premium ? "premium" : "", reward.day === today ? "today" : ""];
        return (
          <li
            key={reward.day}
            className={classes.filter(Boolean).join(" ")}
            aria-current={reward.day === today ? "date" : undefined}
          >
            <span className="reward-day">{t("checkIn.day", { day: reward.day })}</span>
            <Icon d={premium ? icons.star : icons.download} size={26} />
            <span>{rewardText(reward, t, locale)}</span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The daily check-in (issue 15): the streak, the week's reward table with today marked,
 * and the check-in button; once checked in today the button says so, and a refused
 * second check-in shows the server's error.
 */
export function CheckInPanel({ onChanged }: { onChanged?(): void }) {
  const t = useT();
  const locale = useLocale();
  const timeZone = userTimeZone();
  const { state, reload } = useMembershipLoad<CheckInStatus>("checkInStatus", {
    query: { scene: "check_in", time_zone: timeZone },
  });
  const action = useMembershipAction<CheckInResult>("checkIn");
  if (!useFeature("check_in")) return <p className="muted">{t("service.off")}</p>;
  if (state.status === "loading") return <LoadingLine />;
  if (state.status === "error")
    return state.error === "unauthenticated" ? (
      <>
        <RewardStrip rewards={DEFAULT_REWARDS} />
        <div className="actions">
          <Link className="button primary large" to="/drive/all?action=show_activity_dialog">
            <Icon d={icons.calendar} />
            {t("checkIn.cta")}
          </Link>
        </div>
      </>
    ) : (
      <LoadFailed message={state.message} error={state.error} retry={reload} />
    );
  const status = state.data;
  const rewards = [...status.rewards].sort((a, b) => a.day - b.day);
  const length = Math.max(1, rewards.length);
  // Today's place in the week: the day the next check-in earns, or the one just earned.
  const today =
    status.today?.day ??
    (status.checked_in_today ? ((status.streak - 1) % length) + 1 : (status.streak % length) + 1);
  const done = action.state.status === "done" ? action.state.data : undefined;
  return (
    <div className="check-in-panel">
      <p className="check-in-streak" data-testid="check-in-streak">
        {t("checkIn.streak", { days: done?.streak ?? status.streak })}
      </p>
      <RewardStrip rewards={rewards} today={today} />
      <div className="actions">
        <button
          type="button"
          className={status.checked_in_today ? "button large" : "button primary large"}
          disabled={action.state.status === "busy"}
          onClick={async () => {
            const result = await action.run({
              body: { type: "check_in", data: timeZone ? { time_zone: timeZone } : {} },
            });
            if (result.ok) {
              reload();
              onChanged?.();
            }
          }}
        >
          <Icon d={icons.calendar} />
          {status.checked_in_today ? t("checkIn.doneToday") : t("checkIn.cta")}
        </button>
      </div>
      <p className="form-message success" role="status">
        {done?.reward ? t("checkIn.earned", { reward: rewardText(done.reward, t, locale) }) : ""}
      </p>
      {action.state.status === "error" && (
        <p className="form-message error" role="alert">
          {action.state.message}
        </p>
      )}
    </div>
  );
}
