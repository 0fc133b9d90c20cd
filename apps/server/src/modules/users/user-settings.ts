import {
  type UpdateUserSettingsRequest,
  USER_SETTING_DEFAULTS,
  USER_SETTING_NAMES,
  type UserSettingName,
  type UserSettings,
} from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";

function isSettingName(name: string): name is UserSettingName {
  return (USER_SETTING_NAMES as string[]).includes(name);
}

/**
 * The user settings of spec §3 (`GET`/`PATCH /v1/user/settings`): a row per setting the
 * user changed; every other one answers its default (`USER_SETTING_DEFAULTS`).
 */
export class UserSettingsStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async get(userId: string): Promise<UserSettings> {
    const rows = await this.db
      .selectFrom("user_settings")
      .select(["name", "value"])
      .where("user_id", "=", userId)
      .execute();
    const settings: UserSettings = { ...USER_SETTING_DEFAULTS };
    for (const row of rows) {
      const value: unknown = JSON.parse(row.value);
      // A name no longer offered, or a value of another type, falls back to the default.
      if (isSettingName(row.name) && typeof value === typeof settings[row.name]) {
        settings[row.name] = value as boolean;
      }
    }
    return settings;
  }

  async update(userId: string, changes: UpdateUserSettingsRequest): Promise<UserSettings> {
    const now = this.clock.now();
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
    if (entries.length > 0) {
      await this.db
        .insertInto("user_settings")
        .values(
          entries.map(([name, value]) => ({
            user_id: userId,
            name,
            value: JSON.stringify(value),
            updated_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.columns(["user_id", "name"]).doUpdateSet((eb) => ({
            value: eb.ref("excluded.value"),
            updated_at: eb.ref("excluded.updated_at"),
          })),
        )
        .execute();
    }
    return this.get(userId);
  }
}
