import { type AdminProduct, nimbusApi } from "@nimbus/protocol";
import { useCallback, useEffect, useState } from "react";
import { type ApiFailure, callEndpoint, errorText } from "../api/client.js";
import { Spinner } from "../components/spinner.js";
import { Toasts, useToasts } from "../components/toasts.js";
import { formatPrice } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { CampaignWindowsCard } from "./campaign-windows.js";
import { ConsoleTable } from "./console-table.js";
import { formatMoment } from "./format.js";

const KIND_KEYS: Record<string, string> = {
  plan: "admin.products.kind.plan",
  storage_pack: "admin.products.kind.storagePack",
  traffic_pack: "admin.products.kind.trafficPack",
};

/**
 * Products, prices and campaign windows: every product with its list prices (an admin
 * sets one per currency; it holds across restarts), its campaign prices, and each
 * campaign's window (an admin moves it for the campaign's pages and prices alike).
 */
export function ProductsSection() {
  const t = useT();
  const locale = useLocale();
  const [toasts, toast, dismiss] = useToasts();
  const [products, setProducts] = useState<AdminProduct[] | undefined>(undefined);
  const [failure, setFailure] = useState<ApiFailure | undefined>(undefined);

  const load = useCallback(async () => {
    const answer = await callEndpoint(nimbusApi.admin.listProducts, { locale });
    if (answer.ok) setProducts(answer.data.data);
    else setFailure(answer.error);
  }, [locale]);
  useEffect(() => {
    void load();
  }, [load]);

  if (failure)
    return (
      <p className="form-message error" role="alert">
        {errorText(failure, t)}
      </p>
    );
  if (!products)
    return (
      <p className="loading-line" role="status">
        <Spinner /> {t("common.loading")}
      </p>
    );
  return (
    <>
      <SetPriceForm
        products={products}
        onSaved={(product) => {
          setProducts((before) => before?.map((p) => (p.id === product.id ? product : p)));
          toast({ text: t("admin.products.saved", { product: product.id }) });
        }}
        onFailed={(text) => toast({ text, tone: "error" })}
      />
      <CampaignWindowsCard toast={toast} onSaved={() => void load()} />
      {products.map((product) => (
        <div key={product.id} className="card console-card">
          <h2>
            <code>{product.id}</code>
            <span className="console-badge">{t(KIND_KEYS[product.kind] ?? "admin.products.kind.plan")}</span>
            {!product.active && <span className="console-badge">{t("admin.products.retired")}</span>}
          </h2>
          <ConsoleTable
            caption={t("admin.products.prices", { product: product.id })}
            columns={[
              t("admin.products.currency"),
              t("admin.products.listPrice"),
              t("admin.products.campaigns"),
            ]}
          >
            {product.prices.map((price) => (
              <tr key={price.currency}>
                <th scope="row">{price.currency}</th>
                <td>
                  {formatPrice(price.amount, price.currency, locale)}
                  {price.edited && <span className="console-badge">{t("admin.products.edited")}</span>}
                </td>
                <td>
                  {product.campaigns
                    .filter((c) => c.currency === price.currency)
                    .map((c) => (
                      <span key={c.campaign_id} className="cat-desc">
                        {t("admin.products.campaignPrice", {
                          campaign: c.campaign_id,
                          price: formatPrice(c.amount, c.currency, locale),
                          from: formatMoment(c.start_time, locale),
                          until: formatMoment(c.end_time, locale),
                        })}
                      </span>
                    ))}
                </td>
              </tr>
            ))}
          </ConsoleTable>
        </div>
      ))}
      <Toasts toasts={toasts} dismiss={dismiss} />
    </>
  );
}

function SetPriceForm({
  products,
  onSaved,
  onFailed,
}: {
  products: AdminProduct[];
  onSaved(product: AdminProduct): void;
  onFailed(text: string): void;
}) {
  const t = useT();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [productId, setProductId] = useState(products[0]?.id ?? "");
  const [currency, setCurrency] = useState("USD");
  const [amount, setAmount] = useState("");
  const product = products.find((p) => p.id === productId);
  const current = product?.prices.find((p) => p.currency === currency);
  const minor = Number(amount);
  const preview = amount !== "" && Number.isInteger(minor) && /^[A-Z]{3}$/.test(currency);
  return (
    <form
      className="card console-card form-card"
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        void callEndpoint(nimbusApi.admin.setProductPrice, {
          params: { product_id: productId },
          body: { currency, amount: minor },
          locale,
        }).then((answer) => {
          setBusy(false);
          if (!answer.ok) {
            onFailed(errorText(answer.error, t));
            return;
          }
          setAmount("");
          onSaved(answer.data);
        });
      }}
    >
      <h2>{t("admin.products.setPrice")}</h2>
      <p className="muted">{t("admin.products.hint")}</p>
      <div className="console-form-grid">
        <label>
          <span>{t("admin.products.product")}</span>
          <select name="product" value={productId} onChange={(event) => setProductId(event.target.value)}>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.id}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t("admin.products.currency")}</span>
          <input
            name="currency"
            value={currency}
            onChange={(event) => setCurrency(event.target.value.toUpperCase())}
            pattern="[A-Z]{3}"
            maxLength={3}
            required
            autoComplete="off"
            list="console-currencies"
          />
          <datalist id="console-currencies">
            {[...new Set(products.flatMap((p) => p.prices.map((price) => price.currency)))].map((code) => (
              <option key={code} value={code} />
            ))}
          </datalist>
        </label>
        <label>
          <span>{t("admin.products.amount")}</span>
          <input
            name="amount"
            type="number"
            min={0}
            max={100000000}
            step={1}
            required
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-describedby="console-price-preview"
          />
        </label>
      </div>
      <p id="console-price-preview" className="muted" aria-live="polite">
        {current && t("admin.products.now", { price: formatPrice(current.amount, currency, locale) })}
        {current && preview && " · "}
        {preview && safePrice(minor, currency, locale, (price) => t("admin.products.becomes", { price }))}
      </p>
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? t("admin.products.saving") : t("admin.products.save")}
      </button>
    </form>
  );
}

/** A typed currency code Intl does not know would throw; the preview just stays empty. */
function safePrice(minor: number, currency: string, locale: string, text: (price: string) => string): string {
  try {
    return text(formatPrice(minor, currency, locale));
  } catch {
    return "";
  }
}
