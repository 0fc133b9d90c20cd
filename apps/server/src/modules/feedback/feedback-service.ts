import { type Feedback, isLocale, type Locale, NimbusError } from "@nimbus/protocol";
import { serverText } from "@nimbus/texts/server";
import type { Db } from "../../db/database.js";
import type { FeedbackTable } from "../../db/schema.js";
import { type Clock, isoTime } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import { keysetPage, readIdPageToken } from "../../lib/page-token.js";
import type { BackgroundSends } from "../../mail/background-sends.js";
import type { Mailer } from "../../mail/mailer.js";
import type { AdminLog } from "../admin-log/admin-log.js";
import type { RateLimitStore } from "../rate-limits/rate-limit-store.js";

/** Feedback a user may send per hour. */
export const FEEDBACK_PER_HOUR = 10;
const HOUR_MS = 3_600_000;
const WEBHOOK_TIMEOUT_MS = 5_000;

export interface FeedbackDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sends: BackgroundSends;
  rateLimits: RateLimitStore;
  adminLog: AdminLog;
  /** Operator forwarding: every new feedback is mailed and/or POSTed here. */
  forwardEmail: string | undefined;
  webhookUrl: string | undefined;
  /** The public origin, for links in mails; undefined when unknown. */
  publicUrl: string | undefined;
  fetch?: typeof fetch;
}

export interface NewFeedback {
  category: Feedback["category"];
  text: string;
  file_ids: string[];
  diagnostics?: Record<string, string> | undefined;
}

/**
 * Feedback that reaches someone: stored, listed to its sender with the replies, answered
 * by admins (the sender gets a mail in their language), and forwarded to the operator.
 */
export class FeedbackService {
  constructor(private readonly deps: FeedbackDeps) {}

  async create(userId: string, input: NewFeedback): Promise<{ id: string }> {
    const { db, clock, rateLimits } = this.deps;
    if ((await rateLimits.hit(`feedback:user:${userId}`, HOUR_MS)) > FEEDBACK_PER_HOUR) {
      throw new NimbusError("resource_exhausted", "too much feedback in an hour", {
        metadata: { reason: "FEEDBACK_RATE_LIMITED" },
      });
    }
    const fileIds = [...new Set(input.file_ids)];
    if (fileIds.length > 0) {
      const owned = await db
        .selectFrom("files")
        .select("id")
        .where("user_id", "=", userId)
        .where("id", "in", fileIds)
        .execute();
      if (owned.length !== fileIds.length)
        throw new NimbusError("file_not_found", "a file of the feedback is not the user's");
    }
    const now = clock.now();
    const row: FeedbackTable = {
      id: newId(now),
      user_id: userId,
      category: input.category,
      text: input.text,
      file_ids: JSON.stringify(fileIds),
      diagnostics: JSON.stringify(input.diagnostics ?? {}),
      status: "open",
      created_at: now,
    };
    await db.insertInto("feedback").values(row).execute();
    this.forward(row);
    return { id: row.id };
  }

  /** The user's own feedback, newest first, with the replies. */
  async listOwn(userId: string): Promise<{ data: Feedback[]; next_page_token: string }> {
    const rows = await this.deps.db
      .selectFrom("feedback")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("id", "desc")
      .limit(100)
      .execute();
    return { data: await this.present(rows), next_page_token: "" };
  }

  async listAll(query: {
    status?: "open" | "answered" | undefined;
    limit: number;
    page_token?: string | undefined;
  }) {
    let select = this.deps.db.selectFrom("feedback").selectAll();
    if (query.status) select = select.where("status", "=", query.status);
    if (query.page_token) select = select.where("id", "<", readIdPageToken(query.page_token));
    const rows = await select
      .orderBy("id", "desc")
      .limit(query.limit + 1)
      .execute();
    const page = keysetPage(rows, query.limit, (last) => last.id);
    const presented = await this.present(page.rows);
    return {
      data: presented.map((feedback, index) => {
        const row = page.rows[index] as FeedbackTable;
        return {
          ...feedback,
          user_id: row.user_id,
          diagnostics: JSON.parse(row.diagnostics) as Record<string, string>,
        };
      }),
      next_page_token: page.nextPageToken,
    };
  }

  /** An admin's answer: stored, the feedback marked answered, the sender mailed in their language. */
  async reply(actor: { adminId: string; ip: string }, feedbackId: string, text: string): Promise<Feedback> {
    const { db, clock, adminLog } = this.deps;
    const row = await db.selectFrom("feedback").selectAll().where("id", "=", feedbackId).executeTakeFirst();
    if (!row) throw new NimbusError("not_found", "no such feedback");
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("feedback_replies")
        .values({ id: newId(now), feedback_id: row.id, admin_user_id: actor.adminId, text, created_at: now })
        .execute();
      await trx.updateTable("feedback").set({ status: "answered" }).where("id", "=", row.id).execute();
      await adminLog.record({ ...actor, action: "feedback.reply", target: row.id }, trx);
    });
    const user = await db
      .selectFrom("users")
      .select(["email", "locale"])
      .where("id", "=", row.user_id)
      .executeTakeFirst();
    if (user?.email) {
      const locale: Locale = isLocale(user.locale) ? user.locale : "en-US";
      this.deps.sends.start("feedback-reply", () =>
        this.deps.mailer.send(this.replyMail(user.email, locale, row, text)),
      );
    }
    const [answered] = await this.present([{ ...row, status: "answered" }]);
    return answered as Feedback;
  }

  private replyMail(to: string, locale: Locale, row: FeedbackTable, reply: string) {
    const link = this.deps.publicUrl ? `${this.deps.publicUrl.replace(/\/$/, "")}/drive/feedback` : undefined;
    const lines = [
      serverText(locale, "mail.feedbackReply.intro", { time: isoTime(row.created_at).slice(0, 10) }),
      "",
      reply,
      "",
      serverText(locale, "mail.feedbackReply.yours"),
      row.text,
      ...(link ? ["", serverText(locale, "mail.feedbackReply.see", { url: link })] : []),
    ];
    return { to, subject: serverText(locale, "mail.feedbackReply.subject"), text: lines.join("\n"), locale };
  }

  private forward(row: FeedbackTable): void {
    const { forwardEmail, webhookUrl, mailer, sends } = this.deps;
    const summary = {
      id: row.id,
      user_id: row.user_id,
      category: row.category,
      text: row.text,
      file_ids: JSON.parse(row.file_ids) as string[],
      diagnostics: JSON.parse(row.diagnostics) as Record<string, string>,
      created_at: isoTime(row.created_at),
    };
    if (forwardEmail) {
      sends.start("feedback-forward", () =>
        mailer.send({
          to: forwardEmail,
          subject: `[Nimbus feedback] ${row.category}: ${row.text.slice(0, 60).replace(/\s+/g, " ")}`,
          text: JSON.stringify(summary, null, 2),
        }),
      );
    }
    if (webhookUrl) {
      const doFetch = this.deps.fetch ?? fetch;
      sends.start("feedback-webhook", async () => {
        const response = await doFetch(webhookUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ type: "feedback.created", feedback: summary }),
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
          redirect: "error",
        });
        if (!response.ok) throw new Error(`feedback webhook answered HTTP ${response.status}`);
      });
    }
  }

  private async present(rows: readonly FeedbackTable[]): Promise<Feedback[]> {
    const ids = rows.map((row) => row.id);
    const replies =
      ids.length === 0
        ? []
        : await this.deps.db
            .selectFrom("feedback_replies")
            .select(["feedback_id", "text", "created_at"])
            .where("feedback_id", "in", ids)
            .orderBy("created_at")
            .execute();
    return rows.map((row) => ({
      id: row.id,
      category: row.category as Feedback["category"],
      text: row.text,
      file_ids: JSON.parse(row.file_ids) as string[],
      status: row.status as Feedback["status"],
      created_at: isoTime(row.created_at),
      replies: replies
        .filter((reply) => reply.feedback_id === row.id)
        .map((reply) => ({ text: reply.text, created_at: isoTime(reply.created_at) })),
    }));
  }
}

/** How much feedback waits for a reply. */
export async function countOpenFeedback(db: Db): Promise<number> {
  const row = await db
    .selectFrom("feedback")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "open")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
