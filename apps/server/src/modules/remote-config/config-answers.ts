import { APP_PLATFORMS, type ExternalProduct } from "@nimbus/protocol";
import { type ConfigCaller, inLocale, type RemoteConfigService } from "./remote-config-service.js";

/** The counting redirect of an installer (`GET /downloads/app/{platform}`). */
export function appDownloadPath(platform: string): string {
  return `/downloads/app/${platform}`;
}

/**
 * What each `/config/v1/*` call answers (spec §7), from the current document, in the
 * caller's locale. Texts missing in that locale fall back to en-US; an entry in neither is left out.
 */
export class ConfigAnswers {
  constructor(private readonly config: RemoteConfigService) {}

  async basic(caller: ConfigCaller) {
    const { document } = await this.config.current();
    const announcements = document.announcements.flatMap((entry) => {
      const text = inLocale(entry.texts, caller.locale);
      if (!text || !this.config.isLive(entry)) return [];
      return [{ id: entry.id, level: entry.level, text: text.text, ...(text.url ? { url: text.url } : {}) }];
    });
    return {
      data: {
        features: this.config.features(document),
        announcements,
        debug_options: { allow_vconsole: this.config.allowVConsole(document, caller) },
        ...(document.ip_probe_url ? { ip_probe_url: document.ip_probe_url } : {}),
      },
    };
  }

  async resources(caller: ConfigCaller) {
    const { document } = await this.config.current();
    const banners = document.banners.flatMap((entry) => {
      const text = inLocale(entry.texts, caller.locale);
      if (!text) return [];
      return [
        { id: entry.id, placement: entry.placement, text: text.text, ...(text.url ? { url: text.url } : {}) },
      ];
    });
    return { data: { banners } };
  }

  async externalProducts() {
    return { data: { products: await this.products() } };
  }

  /** The configured installers, each linked through this server's counting redirect. */
  async products(): Promise<ExternalProduct[]> {
    const { document } = await this.config.current();
    return APP_PLATFORMS.flatMap((platform) => {
      const installer = document.external_products[platform];
      if (!installer) return [];
      return [{ platform, version: installer.version, url: appDownloadPath(platform), size: installer.size }];
    });
  }

  async activityOperation(caller: ConfigCaller) {
    const { document } = await this.config.current();
    const campaigns = document.campaigns.flatMap((campaign) => {
      const dialog = inLocale(campaign.dialog, caller.locale);
      if (!dialog || !this.config.isLive(campaign)) return [];
      return [{ id: campaign.id, ends_at: campaign.ends_at, dialog }];
    });
    return { data: { campaigns } };
  }

  async debugOptions(caller: ConfigCaller) {
    const { document } = await this.config.current();
    return { data: { allow_vconsole: this.config.allowVConsole(document, caller) } };
  }
}
