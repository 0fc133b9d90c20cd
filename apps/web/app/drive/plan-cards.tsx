import { useState } from "react";
import { useNavigate } from "react-router";
import { FormStatus } from "../components/form-status.js";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { LoadFailed, LoadingLine } from "../components/load-state.js";
import { MEMBERSHIP_PLANS, type Plan } from "../content/plans.js";
import { formatBytes, formatLastDay, formatPrice } from "../i18n/format.js";
import { type Translate, useLocale, useT } from "../i18n/i18n.js";
import type { CreatedOrder, Product, ProductKind, ProductsResponse } from "../session/membership-api.js";
import { emitJumpToVip } from "../session/membership-events.js";
import { useMembershipAction, useMembershipLoad } from "../session/use-membership.js";
import { useFeature } from "../site/remote-config.js";

const GB = 1024 ** 3;

/** Plan sizes as people write them: whole terabytes in TB, other whole gigabytes in GB ("1,200 GB"). */
function planAmount(bytes: number, locale: string): string {
  if (bytes % (1024 * GB) === 0 || bytes % GB !== 0) return formatBytes(bytes, locale);
  return `${new Intl.NumberFormat(locale).format(bytes / GB)} GB`;
}

const DEFAULT_NAMES: Record<ProductKind, string> = {
  plan: "plans.premiumMonth",
  storage_pack: "plans.storagePack",
  traffic_pack: "plans.trafficPack",
};

function productBytes(product: Product): number | undefined {
  return product.grants.storage_bytes ?? product.grants.traffic_bytes;
}

function periodKey(product: Product): string {
  if (product.period) return product.period;
  return product.recurring ? "month" : "once";
}

/** What a product's card lists: a plan's features from the catalogue, a pack's from its grants. */
function productFeatures(product: Product, t: Translate, locale: string): string[] {
  const amount = (bytes?: number) => (bytes === undefined ? "" : planAmount(bytes, locale));
  if (product.kind === "plan") {
    const plan =
      MEMBERSHIP_PLANS.find((candidate) => candidate.period === product.period) ?? MEMBERSHIP_PLANS[1];
    const features = (plan?.features ?? []).map(([feature, bytes]) =>
      t(`plans.feature.${feature}`, { amount: amount(bytes) }),
    );
    if (product.grants.premium_days)
      features.unshift(t("plans.feature.premiumDays", { days: product.grants.premium_days }));
    return features;
  }
  const bytes = productBytes(product);
  const features = [
    t(product.kind === "storage_pack" ? "plans.feature.storageAdd" : "plans.feature.trafficAdd", {
      amount: amount(bytes),
    }),
  ];
  if (product.recurring) features.push(t("plans.feature.cancelAnytime"));
  else if (product.grants.valid_days)
    features.push(t("plans.feature.validDays", { days: product.grants.valid_days }));
  return features;
}

function ProductCard({ product, level, highlight }: { product: Product; level: 2 | 3; highlight: boolean }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const { state, run } = useMembershipAction<CreatedOrder>("order");
  const bytes = productBytes(product);
  const name = t(product.name_key ?? DEFAULT_NAMES[product.kind], {
    amount: bytes === undefined ? "" : planAmount(bytes, locale),
  });
  const { price } = product;
  const campaign = price.original_amount !== undefined && price.original_amount > price.amount;
  const Heading = level === 2 ? "h2" : "h3";
  async function choose() {
    const result = await run({ body: { product_id: product.id, currency: price.currency } });
    if (!result.ok) return;
    const { order_id, checkout_url } = result.data;
    emitJumpToVip({ product_id: product.id, order_id, from: "web" });
    if (checkout_url.startsWith("/")) void navigate(checkout_url);
    else window.location.assign(checkout_url);
  }
  return (
    <li className={highlight ? "plan-card highlight" : "plan-card"} data-product={product.id}>
      {campaign ? (
        <span className="badge campaign">{t("plans.campaign")}</span>
      ) : (
        highlight && <span className="badge">{t("plans.recommended")}</span>
      )}
      <Heading>{name}</Heading>
      <p className="price">
        {campaign && (
          <>
            <s className="original-price">
              <span className="visually-hidden">{t("plans.originalPrice")} </span>
              {formatPrice(price.original_amount ?? 0, price.currency, locale)}
            </s>{" "}
          </>
        )}
        {formatPrice(price.amount, price.currency, locale)}
        <span className="muted"> {t(`plans.period.${periodKey(product)}`)}</span>
      </p>
      {campaign && price.campaign_ends_at && (
        <p className="campaign-ends small">
          {t("plans.campaignEnds", { date: formatLastDay(price.campaign_ends_at, locale) })}
        </p>
      )}
      <ul className="checks">
        {productFeatures(product, t, locale).map((feature) => (
          <li key={feature}>
            <Icon d={icons.check} size={18} />
            {feature}
          </li>
        ))}
      </ul>
      <button
        className={highlight ? "button primary" : "button"}
        type="button"
        disabled={state.status === "busy" || state.status === "done"}
        aria-label={t("plans.chooseNamed", { name })}
        onClick={() => void choose()}
      >
        {t("plans.choose")}
      </button>
      <FormStatus state={state} done={t("plans.ordered")} />
    </li>
  );
}

/** The free plan's card: what every account has. */
export function FreePlanCard({ plan, level = 2 }: { plan: Plan; level?: 2 | 3 }) {
  const t = useT();
  const locale = useLocale();
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <li className="plan-card">
      <Heading>{t(plan.name)}</Heading>
      <p className="price">
        {formatPrice(0, "USD", locale)}
        <span className="muted"> {t("plans.period.free")}</span>
      </p>
      <ul className="checks">
        {plan.features.map(([feature, bytes]) => (
          <li key={feature}>
            <Icon d={icons.check} size={18} />
            {t(`plans.feature.${feature}`, { amount: bytes === undefined ? "" : planAmount(bytes, locale) })}
          </li>
        ))}
      </ul>
      <p className="muted">{t("plans.free.included")}</p>
    </li>
  );
}

/** The highlighted product of a list: the yearly plan, else the middle pack. */
function highlighted(products: readonly Product[]): string | undefined {
  const year = products.find((product) => product.period === "year");
  if (year) return year.id;
  return products.length >= 3 ? products[Math.floor(products.length / 2)]?.id : undefined;
}

/**
 * The server's products of `kinds` as cards with localized prices (minor units,
 * campaign prices struck through); "Choose" creates an order and goes to its checkout.
 */
export function ProductCards({
  kinds,
  level = 2,
  withFree = false,
}: {
  kinds: readonly ProductKind[];
  level?: 2 | 3;
  withFree?: boolean;
}) {
  const t = useT();
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  const { state, reload } = useMembershipLoad<ProductsResponse>("products", { query: { currency } });
  if (!useFeature("payments")) return <p className="muted">{t("service.off")}</p>;
  if (state.status === "loading") return <LoadingLine label={t("plans.loading")} />;
  if (state.status === "error")
    return <LoadFailed message={state.message} error={state.error} retry={reload} />;
  const products = state.data.products.filter((product) => kinds.includes(product.kind));
  const best = highlighted(products);
  const free = withFree ? MEMBERSHIP_PLANS.find((plan) => plan.period === "free") : undefined;
  return (
    <>
      {state.data.currencies.length > 1 && (
        <p className="currency-picker">
          <label>
            {t("plans.currency")}{" "}
            <select
              value={currency ?? products[0]?.price.currency ?? ""}
              onChange={(event) => setCurrency(event.target.value)}
            >
              {state.data.currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </label>
        </p>
      )}
      <ul className="plan-cards">
        {free && <FreePlanCard plan={free} level={level} />}
        {products.map((product) => (
          <ProductCard key={product.id} product={product} level={level} highlight={product.id === best} />
        ))}
      </ul>
    </>
  );
}
