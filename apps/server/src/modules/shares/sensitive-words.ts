import { NimbusError } from "@nimbus/protocol";
import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import type { AdminActor, AdminLog } from "../admin-log/admin-log.js";

export interface StoredWord {
  word: string;
  createdAt: number;
}

/**
 * The share check's sensitive words: `SHARE_SENSITIVE_WORDS` (fixed at start) and the
 * words admins add in the console (stored, read on every check so every node agrees at
 * once). Words are lower-cased; a share's title or item name containing one answers
 * `SENSITIVE_WORD`. Adding and removing are written to the admin log.
 */
export class SensitiveWords {
  constructor(
    private readonly deps: { db: Db; clock: Clock; adminLog: AdminLog; configured: readonly string[] },
  ) {}

  /** The words set by configuration; the console shows them but cannot remove them. */
  get configured(): readonly string[] {
    return this.deps.configured;
  }

  /** Every word the check applies. */
  async all(): Promise<string[]> {
    const stored = await this.deps.db.selectFrom("sensitive_words").select("word").execute();
    return [...new Set([...this.deps.configured, ...stored.map((row) => row.word)])];
  }

  /** Stored words in order, containing `q`, after `afterWord`. */
  async page(query: { q?: string; afterWord?: string; limit: number }): Promise<StoredWord[]> {
    let select = this.deps.db.selectFrom("sensitive_words").select(["word", "created_at"]);
    const q = query.q?.trim().toLowerCase();
    if (q) {
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      select = select.where(sql<boolean>`${sql.ref("word")} like ${like} escape '\\'`);
    }
    if (query.afterWord !== undefined) select = select.where("word", ">", query.afterWord);
    const rows = await select.orderBy("word").limit(query.limit).execute();
    return rows.map((row) => ({ word: row.word, createdAt: Number(row.created_at) }));
  }

  async add(actor: AdminActor, typed: string): Promise<StoredWord> {
    const word = normalWord(typed);
    const now = this.deps.clock.now();
    return this.deps.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom("sensitive_words")
        .select(["word", "created_at"])
        .where("word", "=", word)
        .executeTakeFirst();
      if (before) return { word, createdAt: Number(before.created_at) };
      await trx
        .insertInto("sensitive_words")
        .values({ word, created_by: actor.adminId, created_at: now })
        .execute();
      await this.deps.adminLog.record({ ...actor, action: "sensitive_word.add", target: word }, trx);
      return { word, createdAt: now };
    });
  }

  async remove(actor: AdminActor, typed: string): Promise<void> {
    const word = normalWord(typed);
    await this.deps.db.transaction().execute(async (trx) => {
      const removed = await trx.deleteFrom("sensitive_words").where("word", "=", word).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) {
        const why = this.deps.configured.includes(word) ? "set by SHARE_SENSITIVE_WORDS" : "not in the list";
        throw new NimbusError("not_found", `sensitive word ${word}: ${why}`);
      }
      await this.deps.adminLog.record({ ...actor, action: "sensitive_word.remove", target: word }, trx);
    });
  }
}

/** Trimmed and lower-cased, as the check compares; empty is refused. */
export function normalWord(typed: string): string {
  const word = typed.trim().toLowerCase();
  if (word === "" || word.length > 100)
    throw new NimbusError("invalid_argument", "a word of 1 to 100 characters");
  return word;
}
