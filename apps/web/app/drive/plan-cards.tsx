import { ENDPOINTS } from "../api/endpoints.js";
import { useApiAction } from "../api/use-api-action.js";
import { FormStatus } from "../components/form-status.js";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import type { Plan } from "../content/plans.js";
import { formatBytes, formatPrice } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";

const GB = 1024 ** 3;

/** Plan sizes as people write them: whole terabytes in TB, other whole gigabytes in GB ("1,200 GB"). */
function planAmount(bytes: number, locale: string): string {
  if (bytes % (1024 * GB) === 0 || bytes % GB !== 0) return formatBytes(bytes, locale);
  return `${new Intl.NumberFormat(locale).format(bytes / GB)} GB`;
}

function PlanCard({ plan, level }: { plan: Plan; level: 2 | 3 }) {
  const t = useT();
  const locale = useLocale();
  const { state, run } = useApiAction();
  const amount = (bytes?: number) => (bytes === undefined ? "" : planAmount(bytes, locale));
  const name = t(plan.name, { amount: amount(plan.bytes) });
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <li className={plan.highlight ? "plan-card highlight" : "plan-card"}>
      {plan.highlight && <span className="badge">{t("plans.recommended")}</span>}
      <Heading>{name}</Heading>
      <p className="price">
        {formatPrice(plan.cents, "USD", locale)}
        <span className="muted"> {t(`plans.period.${plan.period}`)}</span>
      </p>
      <ul className="checks">
        {plan.features.map(([feature, bytes]) => (
          <li key={feature}>
            <Icon d={icons.check} size={18} />
            {t(`plans.feature.${feature}`, { amount: amount(bytes) })}
          </li>
        ))}
      </ul>
      {plan.period === "free" ? (
        <p className="muted">{t("plans.free.included")}</p>
      ) : (
        <>
          <button
            className={plan.highlight ? "button primary" : "button"}
            type="button"
            disabled={state.status === "busy"}
            aria-label={t("plans.chooseNamed", { name })}
            onClick={() => void run(ENDPOINTS.order, { body: { product_id: plan.id } })}
          >
            {t("plans.choose")}
          </button>
          <FormStatus state={state} done={t("plans.ordered")} />
        </>
      )}
    </li>
  );
}

/** Plan cards with price, period, features and a choose button; names at heading `level`. */
export function PlanCards({ plans, level = 2 }: { plans: readonly Plan[]; level?: 2 | 3 }) {
  return (
    <ul className="plan-cards">
      {plans.map((plan) => (
        <PlanCard key={plan.id} plan={plan} level={level} />
      ))}
    </ul>
  );
}
