import { Link } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { DrivePage } from "../drive/drive-page.js";
import { ProductCards } from "../drive/plan-cards.js";
import { useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import { useFeature } from "../site/remote-config.js";
import type { Route } from "./+types/drive-payment";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "drivePayment");

export default function DrivePaymentPage() {
  const t = useT();
  const payments = useFeature("payments");
  const codes = useFeature("activation_codes");
  return (
    <DrivePage name="drivePayment">
      <ProductCards kinds={["plan"]} withFree />
      <div className="shortcut-list">
        {payments && (
          <>
            <Link className="shortcut" to="/drive/payment/storage">
              <Icon d={icons.cloud} />
              {t("page.drivePaymentStorage.title")}
            </Link>
            <Link className="shortcut" to="/drive/payment/traffic">
              <Icon d={icons.bolt} />
              {t("page.drivePaymentTraffic.title")}
            </Link>
          </>
        )}
        {codes && (
          <Link className="shortcut" to="/drive/payment?action=open_redeem_box">
            <Icon d={icons.gift} />
            {t("plans.haveCode")}
          </Link>
        )}
      </div>
      {payments && <p className="muted small">{t("plans.note")}</p>}
    </DrivePage>
  );
}
