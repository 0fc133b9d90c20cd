import { Section } from "../components/page.js";
import { DrivePage } from "../drive/drive-page.js";
import { ProductCards } from "../drive/plan-cards.js";
import { useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/inapp-shop";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "inappShop");

export default function InappShopPage() {
  const t = useT();
  return (
    <DrivePage name="inappShop">
      <ProductCards kinds={["plan"]} />
      <Section title={t("page.drivePaymentStorage.title")}>
        <ProductCards kinds={["storage_pack"]} level={3} />
      </Section>
      <Section title={t("page.drivePaymentTraffic.title")}>
        <ProductCards kinds={["traffic_pack"]} level={3} />
      </Section>
      <p className="muted small">{t("plans.note")}</p>
    </DrivePage>
  );
}
