import { Link } from "react-router";
import { EmptyState } from "../components/empty-state.js";
import * as icons from "../components/icons.js";
import { LoadView } from "../components/load-state.js";
import { formatBytes, formatDate, formatPrice } from "../i18n/format.js";
import { type Translate, useLocale, useT } from "../i18n/i18n.js";
import type { Order, OrderList } from "../session/membership-api.js";
import { useMembershipLoad } from "../session/use-membership.js";

/** An order's product as people read it ("Premium monthly", "100 GB storage pack"). */
export function orderName(order: Order, t: Translate, locale: string): string {
  const bytes = order.product.grants.storage_bytes ?? order.product.grants.traffic_bytes;
  return t(order.product.name_key, { amount: bytes === undefined ? "" : formatBytes(bytes, locale) });
}

/** The receipt page of an order (`receipt_url` of a paid one). */
export function receiptPath(orderId: string): string {
  return `/drive/payment/receipt/${encodeURIComponent(orderId)}`;
}

/**
 * The account page's order history (`GET /vip/v1/orders`): newest first, each with its
 * date, product, amount and state, and for a paid order the link to its receipt.
 */
export function OrderHistory() {
  const { state, reload } = useMembershipLoad<OrderList>("orders", { query: { limit: 20 } });
  return (
    <LoadView state={state} retry={reload}>
      {({ orders }) => <Orders orders={orders} />}
    </LoadView>
  );
}

function Orders({ orders }: { orders: readonly Order[] }) {
  const t = useT();
  const locale = useLocale();
  if (orders.length === 0)
    return (
      <EmptyState icon={icons.gift} prefix="orders.empty" level={3}>
        <Link className="button primary" to="/drive/payment">
          {t("orders.empty.action")}
        </Link>
      </EmptyState>
    );
  return (
    <ul className="order-list" aria-label={t("orders.title")}>
      {orders.map((order) => {
        const name = orderName(order, t, locale);
        return (
          <li key={order.id} className="order-row">
            <span className="order-name">
              <bdi>{name}</bdi>
              <span className="muted small">
                {" "}
                · {formatDate(order.paid_time ?? order.created_time, locale)}
              </span>
            </span>
            <span className="order-amount">{formatPrice(order.amount, order.currency, locale)}</span>
            <span className={`order-status status-${order.status}`}>
              {t(`orders.status.${order.status}`)}
            </span>
            {order.receipt_url && (
              <Link to={receiptPath(order.id)} aria-label={t("orders.receiptFor", { name })}>
                {t("orders.receipt")}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
