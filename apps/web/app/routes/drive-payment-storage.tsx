import { DrivePage } from "../drive/drive-page.js";
import { ProductCards } from "../drive/plan-cards.js";
import { useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-payment-storage";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "drivePaymentStorage");

export default function DrivePaymentStoragePage() {
  const t = useT();
  return (
    <DrivePage name="drivePaymentStorage">
      <ProductCards kinds={["storage_pack"]} />
      <p className="muted small">{t("plans.note")}</p>
    </DrivePage>
  );
}
