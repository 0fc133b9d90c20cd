import type { PaymentProvider as ProviderName } from "@nimbus/protocol";
import type { Mailer, MailLogger } from "./mail/mailer.js";
import {
  type CampaignCalendar,
  loadCatalogue,
  type StoredWindows,
  seedCatalogue,
} from "./modules/payments/catalogue.js";
import { CatalogueAdmin } from "./modules/payments/catalogue-admin.js";
import { MembershipService } from "./modules/payments/membership-service.js";
import { Orders } from "./modules/payments/orders.js";
import { registerPaymentJobs } from "./modules/payments/payment-jobs.js";
import { type PaymentProvider, SandboxProvider } from "./modules/payments/payment-provider.js";
import { Prices } from "./modules/payments/prices.js";
import { Receipts } from "./modules/payments/receipts.js";
import { Settlement } from "./modules/payments/settlement.js";
import { StripeProvider, stripeClient } from "./modules/payments/stripe-provider.js";
import { StripeWebhooks } from "./modules/payments/stripe-webhooks.js";
import type { Shared } from "./services.js";

/** Membership and payments: products, orders, providers, webhooks, the member's view. */
export interface MembershipServices {
  /** What the shop sells at what price now (plans page, checkout, campaign pages). */
  prices: Prices;
  orders: Orders;
  settlement: Settlement;
  membership: MembershipService;
  stripeWebhooks: StripeWebhooks;
  /** The console's view of the catalogue; its price changes survive restarts. */
  catalogueAdmin: CatalogueAdmin;
  /** Loads the catalogue (defaults or `PRODUCTS_FILE`) into the database; `buildApp` runs it once. */
  seedCatalogue(): Promise<void>;
}

export function wireMembership(
  shared: Shared,
  mailer: Mailer,
  log: MailLogger,
  campaigns: CampaignCalendar & StoredWindows,
): MembershipServices {
  const { db, clock, config, jobs, memberships } = shared;
  const client = stripeClient(config.payments.stripe);
  const stripe = client ? new StripeProvider(client) : null;
  // The sandbox gives premium away: it exists only on a server configured for it, never beside Stripe.
  const providers = new Map<ProviderName, PaymentProvider>();
  if (config.payments.provider === "sandbox") providers.set("sandbox", new SandboxProvider());
  if (stripe) providers.set("stripe", stripe);
  const prices = new Prices({ db, clock, campaigns });
  const receipts = new Receipts({ db, clock, config, mailer, log });
  const settlement = new Settlement({ db, clock, receipts, log });
  const orders = new Orders({ db, clock, config, providers, prices, settlement });
  const membership = new MembershipService({
    db,
    clock,
    memberships,
    providers,
    mailer,
    publicUrl: config.publicUrl,
    reminderDays: config.payments.reminderDays,
  });
  const stripeWebhooks = new StripeWebhooks({
    db,
    clock,
    stripe: client,
    webhookSecret: config.payments.stripe.webhookSecret,
    settlement,
    receipts,
  });
  registerPaymentJobs({ jobs, settlement, membership, stripe });
  return {
    prices,
    orders,
    settlement,
    membership,
    stripeWebhooks,
    catalogueAdmin: new CatalogueAdmin({ db, clock, adminLog: shared.adminLog, campaigns }),
    seedCatalogue: () => seedCatalogue(db, loadCatalogue(config.payments.productsFile), campaigns),
  };
}
