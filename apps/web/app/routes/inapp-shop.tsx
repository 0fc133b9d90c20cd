import { Section } from "../components/page.js";
import { MEMBERSHIP_PLANS, STORAGE_PACKS, TRAFFIC_PACKS } from "../content/plans.js";
import { DrivePage } from "../drive/drive-page.js";
import { PlanCards } from "../drive/plan-cards.js";
import { useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/inapp-shop";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "inappShop");

export default function InappShopPage() {
  const t = useT();
  return (
    <DrivePage name="inappShop">
      <PlanCards plans={MEMBERSHIP_PLANS.filter((plan) => plan.period !== "free")} />
      <Section title={t("page.drivePaymentStorage.title")}>
        <PlanCards plans={STORAGE_PACKS} level={3} />
      </Section>
      <Section title={t("page.drivePaymentTraffic.title")}>
        <PlanCards plans={TRAFFIC_PACKS} level={3} />
      </Section>
      <p className="muted small">{t("plans.note")}</p>
    </DrivePage>
  );
}
