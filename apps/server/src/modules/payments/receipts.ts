import type { Config } from "../../config/config.js";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import type { Mailer } from "../../mail/mailer.js";
import { findUser } from "../users/users-repository.js";
import { receiptMail } from "./payment-mails.js";
import { numericOrder, numericProduct, receiptItem } from "./product-rows.js";

export interface ReceiptsDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, "publicUrl">;
  mailer: Mailer;
  log?: { warn(fields: Record<string, unknown>, message: string): void };
}

/** Mails the receipt of a paid order to its buyer, in their language. */
export class Receipts {
  constructor(private readonly deps: ReceiptsDeps) {}

  /** Best effort: a failed send is logged, never thrown (the order is paid either way). */
  async send(orderId: string): Promise<void> {
    try {
      const { db } = this.deps;
      const row = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
      if (row?.status !== "paid") return;
      const order = numericOrder(row);
      const user = await findUser(db, order.user_id);
      const product = await db
        .selectFrom("products")
        .selectAll()
        .where("id", "=", order.product_id)
        .executeTakeFirst();
      if (!user?.email || !product) return;
      await this.deps.mailer.send(
        receiptMail({
          to: user.email,
          locale: user.locale,
          orderId: order.id,
          item: receiptItem(numericProduct(product), user.locale),
          amount: Number(order.amount),
          currency: order.currency,
          paidAt: order.paid_at ?? this.deps.clock.now(),
          receiptUrl: `${this.deps.config.publicUrl}/drive/payment/receipt/${order.id}`,
        }),
      );
    } catch (error) {
      this.deps.log?.warn({ err: error, order: orderId }, "receipt mail failed");
    }
  }
}
