import { createHash } from "node:crypto";
import {
  type ConfigVersion,
  DEFAULT_LOCALE,
  FEATURE_SWITCHES,
  type FeatureSwitch,
  type Locale,
  NimbusError,
  type RemoteConfigDocument,
  remoteConfigDocumentSchema,
} from "@nimbus/protocol";
import { z } from "zod";
import type { Db } from "../../db/database.js";
import { type Clock, isoTime } from "../../lib/clock.js";
import type { AdminLog } from "../admin-log/admin-log.js";
import type { EventWakes } from "../events/event-wakes.js";

/** The wake-up topic key every node's config cache listens on. */
const CONFIG_CHANGED = "remote-config";

/** The document in force, with the version it came from (0: the defaults) and its validator. */
export interface CurrentConfig {
  version: number;
  document: RemoteConfigDocument;
  /** A strong validator of the document; answers add what they depend on (locale, caller). */
  etag: string;
}

export interface ConfigCaller {
  locale: Locale;
  userId?: string;
  deviceId?: string;
}

export interface RemoteConfigDeps {
  db: Db;
  clock: Clock;
  adminLog: AdminLog;
  /** Services this server actually runs: a switch for anything else stays off whatever the document says. */
  offered: ReadonlySet<FeatureSwitch>;
  /** Tells every node a change was committed (Redis in a cluster), so each drops its cache at once. */
  changes?: EventWakes;
}

/** Who changed the config, and from where (for the admin log). */
export interface ConfigActor {
  adminId: string;
  ip: string;
}

/**
 * The remote config of spec §7 (decision 0029): a versioned JSON document admins edit,
 * answered to every page through `/config/v1/*`. The current version is the newest one
 * not rolled back; with none stored the defaults answer. Kept in process and dropped on
 * every change, on this node by `invalidate()` and on the others by the `changes` wake-up.
 */
export class RemoteConfigService {
  private cached: Promise<CurrentConfig> | undefined;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: RemoteConfigDeps) {
    this.unsubscribe = deps.changes?.subscribe(CONFIG_CHANGED, () => this.invalidate()) ?? (() => {});
  }

  static defaults(): RemoteConfigDocument {
    return remoteConfigDocumentSchema.parse({ features: {} });
  }

  /** The JSON Schema of the document, for the console's editor. */
  static jsonSchema(): Record<string, unknown> {
    return z.toJSONSchema(remoteConfigDocumentSchema, { io: "input" }) as Record<string, unknown>;
  }

  current(): Promise<CurrentConfig> {
    this.cached ??= this.load().catch((error: unknown) => {
      this.cached = undefined;
      throw error;
    });
    return this.cached;
  }

  /** Drops the cached document; the next call reads the database. */
  invalidate(): void {
    this.cached = undefined;
  }

  /** A change was committed: every node (this one included) drops its cached document. */
  private changed(): void {
    this.invalidate();
    this.deps.changes?.publish(CONFIG_CHANGED);
  }

  /** Stops listening for other nodes' changes and closes the wake-ups' subscriber. */
  async close(): Promise<void> {
    this.unsubscribe();
    await this.deps.changes?.close();
  }

  private async load(db: Db = this.deps.db): Promise<CurrentConfig> {
    const row = await db
      .selectFrom("remote_config")
      .select(["version", "document"])
      .where("rolled_back_at", "is", null)
      .orderBy("version", "desc")
      .limit(1)
      .executeTakeFirst();
    const document = row
      ? remoteConfigDocumentSchema.parse(JSON.parse(row.document))
      : RemoteConfigService.defaults();
    const json = JSON.stringify(document);
    return {
      version: row?.version ?? 0,
      document,
      etag: createHash("sha256").update(json).digest("base64url").slice(0, 22),
    };
  }

  /** Stores a new version made from `baseVersion`; another admin's newer version refuses it (`aborted`). */
  async update(
    actor: ConfigActor,
    request: { document: RemoteConfigDocument; note: string; base_version: number },
  ): Promise<CurrentConfig> {
    const { db, clock, adminLog } = this.deps;
    await db.transaction().execute(async (trx) => {
      const current = await this.load(trx);
      if (current.version !== request.base_version) {
        throw new NimbusError("aborted", "the config changed since this edit started", {
          metadata: { reason: "STALE_BASE_VERSION", current_version: String(current.version) },
        });
      }
      const newest = await trx
        .selectFrom("remote_config")
        .select((eb) => eb.fn.max("version").as("version"))
        .executeTakeFirst();
      const version = Number(newest?.version ?? 0) + 1;
      await trx
        .insertInto("remote_config")
        .values({
          version,
          document: JSON.stringify(request.document),
          author_user_id: actor.adminId,
          note: request.note,
          rolled_back_at: null,
          created_at: clock.now(),
        })
        .execute();
      await adminLog.record(
        {
          ...actor,
          action: "config.update",
          target: String(version),
          detail: { base_version: request.base_version, note: request.note },
        },
        trx,
      );
    });
    this.changed();
    return this.current();
  }

  /**
   * Makes `version` current again: every newer version is marked rolled back (kept in the
   * history), and `version` itself is restored if an earlier rollback had retired it.
   * Version 0 retires every stored version, so the defaults answer.
   */
  async rollback(actor: ConfigActor, version: number): Promise<CurrentConfig> {
    const { db, clock, adminLog } = this.deps;
    await db.transaction().execute(async (trx) => {
      if (version > 0) {
        const target = await trx
          .selectFrom("remote_config")
          .select("version")
          .where("version", "=", version)
          .executeTakeFirst();
        if (!target) throw new NimbusError("not_found", `no config version ${version}`);
        await trx
          .updateTable("remote_config")
          .set({ rolled_back_at: null })
          .where("version", "=", version)
          .execute();
      }
      await trx
        .updateTable("remote_config")
        .set({ rolled_back_at: clock.now() })
        .where("version", ">", version)
        .where("rolled_back_at", "is", null)
        .execute();
      await adminLog.record({ ...actor, action: "config.rollback", target: String(version) }, trx);
    });
    this.changed();
    return this.current();
  }

  async versions(): Promise<ConfigVersion[]> {
    const rows = await this.deps.db
      .selectFrom("remote_config")
      .select(["version", "author_user_id", "note", "created_at", "rolled_back_at"])
      .orderBy("version", "desc")
      .limit(200)
      .execute();
    return rows.map((row) => ({
      version: row.version,
      author_user_id: row.author_user_id,
      note: row.note,
      created_at: isoTime(row.created_at),
      ...(row.rolled_back_at === null ? {} : { rolled_back_at: isoTime(row.rolled_back_at) }),
    }));
  }

  /** The switches in force: on in the document and offered by this server. */
  features(document: RemoteConfigDocument): Record<FeatureSwitch, boolean> {
    return Object.fromEntries(
      FEATURE_SWITCHES.map((name) => [name, document.features[name] && this.deps.offered.has(name)]),
    ) as Record<FeatureSwitch, boolean>;
  }

  allowVConsole(document: RemoteConfigDocument, caller: ConfigCaller): boolean {
    const { user_ids, device_ids } = document.allow_vconsole;
    return (
      (caller.userId !== undefined && caller.userId !== "" && user_ids.includes(caller.userId)) ||
      (caller.deviceId !== undefined && caller.deviceId !== "" && device_ids.includes(caller.deviceId))
    );
  }

  /** Whether `at` lies in the optional window [starts, ends). */
  isLive(window: { starts_at?: string; ends_at?: string }): boolean {
    const now = this.deps.clock.now();
    if (window.starts_at && Date.parse(window.starts_at) > now) return false;
    if (window.ends_at && Date.parse(window.ends_at) <= now) return false;
    return true;
  }
}

/** A per-locale entry in the caller's locale, else en-US, else none. */
export function inLocale<T>(texts: Partial<Record<Locale, T>>, locale: Locale): T | undefined {
  return texts[locale] ?? texts[DEFAULT_LOCALE];
}
