import { APP_PLATFORMS, type AppPlatform, NimbusError } from "@nimbus/protocol";
import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import type { RemoteConfigService } from "./remote-config-service.js";

/** Install-link clicks: counted on the way to the configured installer, answered publicly. */
export class AppDownloads {
  constructor(
    private readonly db: Db,
    private readonly config: RemoteConfigService,
  ) {}

  /** Counts one click and answers the installer's URL; an unconfigured platform is `not_found`. */
  async click(platform: AppPlatform): Promise<string> {
    const installer = (await this.config.current()).document.external_products[platform];
    if (!installer) throw new NimbusError("not_found", `no installer configured for ${platform}`);
    await this.db
      .insertInto("app_download_counts")
      .values({ platform, count: 1 })
      .onConflict((oc) => oc.column("platform").doUpdateSet({ count: sql`app_download_counts.count + 1` }))
      .execute();
    return installer.url;
  }

  async counts(): Promise<{ platform: AppPlatform; count: number }[]> {
    const rows = await this.db.selectFrom("app_download_counts").select(["platform", "count"]).execute();
    const byPlatform = new Map(rows.map((row) => [row.platform, Number(row.count)]));
    return APP_PLATFORMS.map((platform) => ({ platform, count: byPlatform.get(platform) ?? 0 }));
  }
}
