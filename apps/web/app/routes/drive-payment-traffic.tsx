import { DrivePage } from "../drive/drive-page.js";
import { ProductCards } from "../drive/plan-cards.js";
import { useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-payment-traffic";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "drivePaymentTraffic");

export default function DrivePaymentTrafficPage() {
  const t = useT();
  return (
    <DrivePage name="drivePaymentTraffic">
      <p>{t("plans.traffic.explain")}</p>
      <ProductCards kinds={["traffic_pack"]} />
      <p className="muted small">{t("plans.note")}</p>
    </DrivePage>
  );
}
