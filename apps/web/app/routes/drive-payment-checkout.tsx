import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { LoadFailed, LoadingLine } from "../components/load-state.js";
import { DrivePage, SessionGate } from "../drive/drive-page.js";
import { orderName } from "../drive/order-history.js";
import { formatPrice } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { callMembership, type Order } from "../session/membership-api.js";
import { useDriveSession } from "../session/session.js";
import { useMembershipAction, useMembershipLoad } from "../session/use-membership.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-payment-checkout";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "drivePaymentCheckout");

const POLL_MS = 1000;
const POLL_TRIES = 30;

/** After Pay: asks for the order until the provider's settlement shows, then the session again. */
function usePaidOrder(orderId: string, waiting: boolean, onPaid: () => void) {
  const locale = useLocale();
  const [status, setStatus] = useState<Order["status"] | "timeout" | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: onPaid is the session reload, stable
  useEffect(() => {
    if (!waiting) return;
    const controller = new AbortController();
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = () => {
      tries += 1;
      callMembership<{ order: Order }>("getOrder", {
        params: { id: orderId },
        locale,
        signal: controller.signal,
      }).then(
        (result) => {
          const current = result.ok ? result.data.order.status : undefined;
          if (current && current !== "pending") {
            setStatus(current);
            if (current === "paid") onPaid();
          } else if (tries >= POLL_TRIES) setStatus("timeout");
          else timer = setTimeout(poll, POLL_MS);
        },
        () => {},
      );
    };
    poll();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [orderId, waiting, locale]);
  return status;
}

function Checkout({ orderId }: { orderId: string }) {
  const t = useT();
  const locale = useLocale();
  const { reload } = useDriveSession();
  const { state, reload: retry } = useMembershipLoad<{ order: Order }>("sandboxOrder", {
    params: { id: orderId },
  });
  const settle = useMembershipAction<unknown>("sandboxSettle");
  const [outcome, setOutcome] = useState<"pay" | "decline" | undefined>(undefined);
  const settled = settle.state.status === "done";
  const polled = usePaidOrder(orderId, settled && outcome === "pay", reload);
  if (state.status === "loading") return <LoadingLine />;
  if (state.status === "error")
    return (
      <LoadFailed message={state.message} error={state.error} retry={retry}>
        <Link className="button" to="/drive/payment">
          {t("checkout.back")}
        </Link>
      </LoadFailed>
    );
  const { order } = state.data;
  const status = polled ?? (settled && outcome === "decline" ? "declined" : order.status);
  async function choose(choice: "pay" | "decline") {
    setOutcome(choice);
    await settle.run({ params: { id: orderId }, body: { outcome: choice } });
  }
  return (
    <div className="checkout card">
      <p className="test-mode-banner" role="note">
        <Icon d={icons.info} size={20} />
        <span>
          <strong>{t("checkout.testMode")}</strong> {t("checkout.testModeBody")}
        </span>
      </p>
      <dl className="checkout-summary">
        <dt>{t("checkout.product")}</dt>
        <dd>{orderName(order, t, locale)}</dd>
        <dt>{t("checkout.amount")}</dt>
        <dd className="checkout-amount">{formatPrice(order.amount, order.currency, locale)}</dd>
        <dt>{t("checkout.order")}</dt>
        <dd className="mono small">{order.id}</dd>
      </dl>
      {status === "paid" ? (
        <div className="checkout-result" role="status">
          <h2>
            <Icon d={icons.check} /> {t("checkout.paid")}
          </h2>
          <p>{t("checkout.paidBody")}</p>
          <div className="actions">
            <Link className="button primary" to="/drive/account">
              {t("checkout.toAccount")}
            </Link>
            <Link className="button" to="/drive/all">
              {t("checkout.toDrive")}
            </Link>
          </div>
        </div>
      ) : status === "pending" && !settled ? (
        <div className="actions">
          <button
            type="button"
            className="button primary large"
            disabled={settle.state.status === "busy"}
            onClick={() => void choose("pay")}
          >
            {t("checkout.pay", { amount: formatPrice(order.amount, order.currency, locale) })}
          </button>
          <button
            type="button"
            className="button large"
            disabled={settle.state.status === "busy"}
            onClick={() => void choose("decline")}
          >
            {t("checkout.decline")}
          </button>
        </div>
      ) : status === "pending" || settle.state.status === "busy" ? (
        <LoadingLine label={t("checkout.waiting")} />
      ) : (
        <div className="checkout-result" role="status">
          <h2>{status === "timeout" ? t("checkout.timeout") : t("checkout.notPaid")}</h2>
          <Link className="button" to="/drive/payment">
            {t("checkout.back")}
          </Link>
        </div>
      )}
      {settle.state.status === "error" && (
        <p className="form-message error" role="alert">
          {settle.state.message}
        </p>
      )}
    </div>
  );
}

/** The sandbox provider's checkout (issue 15): plainly test mode; Pay and Decline settle the order. */
export default function DrivePaymentCheckoutPage({ params }: Route.ComponentProps) {
  return (
    <DrivePage name="drivePaymentCheckout">
      <SessionGate>
        <Checkout orderId={params.orderId} />
      </SessionGate>
    </DrivePage>
  );
}
