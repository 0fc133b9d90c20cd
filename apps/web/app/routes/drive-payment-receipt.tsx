import { Link } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { LoadView } from "../components/load-state.js";
import { DrivePage, SessionGate } from "../drive/drive-page.js";
import { orderName } from "../drive/order-history.js";
import { formatDate, formatPrice } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import type { OrderResponse } from "../session/membership-api.js";
import { useMembershipLoad } from "../session/use-membership.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-payment-receipt";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "drivePaymentReceipt");

function Receipt({ orderId }: { orderId: string }) {
  const t = useT();
  const locale = useLocale();
  const { state, reload } = useMembershipLoad<OrderResponse>("getOrder", { params: { id: orderId } });
  const back = (
    <Link className="button" to="/drive/account">
      {t("receipt.back")}
    </Link>
  );
  return (
    <LoadView state={state} retry={reload} actions={back}>
      {({ order }) => (
        <div className="checkout card receipt">
          <dl className="checkout-summary">
            <dt>{t("checkout.product")}</dt>
            <dd>{orderName(order, t, locale)}</dd>
            <dt>{t("checkout.amount")}</dt>
            <dd className="checkout-amount">{formatPrice(order.amount, order.currency, locale)}</dd>
            <dt>{t("receipt.date")}</dt>
            <dd>{formatDate(order.paid_time ?? order.created_time, locale)}</dd>
            <dt>{t("receipt.status")}</dt>
            <dd>{t(`orders.status.${order.status}`)}</dd>
            <dt>{t("checkout.order")}</dt>
            <dd className="mono small">{order.id}</dd>
          </dl>
          <div className="actions no-print">
            <button type="button" className="button primary" onClick={() => window.print()}>
              <Icon d={icons.download} />
              {t("receipt.print")}
            </button>
            {back}
          </div>
        </div>
      )}
    </LoadView>
  );
}

/** An order's receipt (issue 15): what was bought, for how much, when, and its state; printable. */
export default function DrivePaymentReceiptPage({ params }: Route.ComponentProps) {
  return (
    <DrivePage name="drivePaymentReceipt">
      <SessionGate>
        <Receipt orderId={params.orderId} />
      </SessionGate>
    </DrivePage>
  );
}
