import { Link } from "react-router";
import { Spinner } from "../components/spinner.js";
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
  const t = useT();
  const locale = useLocale();
  const { state } = useMembershipLoad<OrderList>("orders", { query: { limit: 20 } });
  if (state.status === "loading")
    return (
      <p className="muted" role="status">
        <Spinner /> {t("common.loading")}
      </p>
    );
  if (state.status === "error")
    return (
      <p className="form-message error" role="alert">
        {state.message}
      </p>
    );
  const { orders } = state.data;
  if (orders.length === 0) return <p className="muted">{t("orders.empty")}</p>;
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
