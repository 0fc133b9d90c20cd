import { z } from "zod";
import { LOCALES } from "../locales.js";

/**
 * Operators (decision 0029): the remote config document an admin edits, what the
 * `/config/v1/*` calls answer from it (spec §7), stored feedback and the public
 * download counts of the app installers.
 */

/** The app installers the site offers, one card each (spec §7 external products). */
export const APP_PLATFORMS = ["android", "ios", "gp", "tv", "windows"] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

/**
 * Feature switches. Each one only hides or shows the web's entry points to a service;
 * a switch on for a service this server does not run still shows nothing.
 */
export const FEATURE_SWITCHES = [
  "cloud_download",
  "payments",
  "invites",
  "check_in",
  "activation_codes",
  "app_downloads",
] as const;
export type FeatureSwitch = (typeof FEATURE_SWITCHES)[number];

const localeSchema = z.enum(LOCALES);
const httpsUrl = z.url({ protocol: /^https?$/ }).max(2048);
const shortText = z.string().trim().min(1).max(500);

/** One text per locale; a locale without its own falls back to en-US. */
const perLocale = <T extends z.ZodType>(item: T) => z.partialRecord(localeSchema, item);

const announcementSchema = z.object({
  id: z.string().trim().min(1).max(64),
  level: z.enum(["info", "warning"]).default("info"),
  texts: perLocale(z.object({ text: shortText, url: httpsUrl.optional() })),
  starts_at: z.iso.datetime().optional(),
  ends_at: z.iso.datetime().optional(),
});

const bannerSchema = z.object({
  id: z.string().trim().min(1).max(64),
  placement: z.enum(["home", "drive"]).default("home"),
  texts: perLocale(z.object({ text: shortText, url: httpsUrl.optional() })),
});

const installerSchema = z.object({
  version: z.string().trim().min(1).max(64),
  url: httpsUrl,
  size: z
    .number()
    .int()
    .min(0)
    .max(2 ** 40),
});

const campaignSchema = z.object({
  id: z.string().trim().min(1).max(64),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime(),
  dialog: perLocale(
    z.object({ title: shortText, text: shortText, button: shortText.optional(), url: httpsUrl.optional() }),
  ),
});

export const remoteConfigDocumentSchema = z.object({
  features: z.object(
    Object.fromEntries(FEATURE_SWITCHES.map((name) => [name, z.boolean().default(true)])) as Record<
      FeatureSwitch,
      z.ZodDefault<z.ZodBoolean>
    >,
  ),
  announcements: z.array(announcementSchema).max(20).default([]),
  banners: z.array(bannerSchema).max(20).default([]),
  external_products: z.partialRecord(z.enum(APP_PLATFORMS), installerSchema).default({}),
  campaigns: z.array(campaignSchema).max(20).default([]),
  allow_vconsole: z
    .object({
      user_ids: z.array(z.string().max(64)).max(1000).default([]),
      device_ids: z.array(z.string().max(128)).max(1000).default([]),
    })
    .default({ user_ids: [], device_ids: [] }),
  /**
   * Where the web's public-IP probe asks (decision 0045): an address answering `{ip}` JSON
   * or the bare address as text. Absent: this server's `/access_controller/v1/client_ip`.
   */
  ip_probe_url: httpsUrl.optional(),
});
export type RemoteConfigDocument = z.infer<typeof remoteConfigDocumentSchema>;

/** `{client, data}` of every `/config/v1/*` call; `data` carries the language and, optionally, the device. */
export const configRequestSchema = z.object({
  client: z.string().max(32).default("web"),
  data: z
    .object({
      language: z.string().max(35).optional(),
      uuid: z.string().max(128).optional(),
      userid: z.string().max(64).optional(),
    })
    .loose()
    .default({}),
});

const resolvedTextSchema = z.object({ id: z.string(), text: z.string(), url: z.string().optional() });

export const basicConfigSchema = z.object({
  data: z.object({
    features: z.record(z.enum(FEATURE_SWITCHES), z.boolean()),
    announcements: z.array(resolvedTextSchema.extend({ level: z.enum(["info", "warning"]) })),
    debug_options: z.object({ allow_vconsole: z.boolean() }),
    /** The operator's public-IP probe, when one is configured. */
    ip_probe_url: z.string().optional(),
  }),
});
export type BasicConfig = z.infer<typeof basicConfigSchema>;

export const resourcesConfigSchema = z.object({
  data: z.object({ banners: z.array(resolvedTextSchema.extend({ placement: z.enum(["home", "drive"]) })) }),
});

export const externalProductSchema = z.object({
  platform: z.enum(APP_PLATFORMS),
  version: z.string(),
  /** This server's counting redirect (`/downloads/app/{platform}`), not the installer's own URL. */
  url: z.string(),
  size: z.number(),
});
export const externalProductsConfigSchema = z.object({
  data: z.object({ products: z.array(externalProductSchema) }),
});
export type ExternalProduct = z.infer<typeof externalProductSchema>;

export const activityOperationConfigSchema = z.object({
  data: z.object({
    campaigns: z.array(
      z.object({
        id: z.string(),
        ends_at: z.string(),
        dialog: z.object({
          title: z.string(),
          text: z.string(),
          button: z.string().optional(),
          url: z.string().optional(),
        }),
      }),
    ),
  }),
});

export const debugOptionsConfigSchema = z.object({ data: z.object({ allow_vconsole: z.boolean() }) });

const configVersionSchema = z.object({
  version: z.number().int(),
  author_user_id: z.string(),
  note: z.string(),
  created_at: z.string(),
  rolled_back_at: z.string().optional(),
});
export type ConfigVersion = z.infer<typeof configVersionSchema>;

export const adminConfigSchema = z.object({
  /** 0 while the defaults are in force (nothing stored yet). */
  version: z.number().int(),
  document: remoteConfigDocumentSchema,
  /** The document's JSON Schema, for the console's editor. */
  schema: z.record(z.string(), z.unknown()),
});

export const updateConfigRequestSchema = z.object({
  document: remoteConfigDocumentSchema,
  note: z.string().trim().max(500).default(""),
  /** The version the edit started from; another admin's newer version refuses it (`aborted`). */
  base_version: z.number().int().min(0),
});

export const configVersionListSchema = z.object({ data: z.array(configVersionSchema) });
/** Version 0 is the defaults: rolling back to it retires every stored version. */
export const configVersionParamsSchema = z.object({ version: z.coerce.number().int().min(0) });

export const FEEDBACK_CATEGORIES = ["bug", "idea", "account", "payment", "other"] as const;

export const feedbackRequestSchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES),
  text: z.string().trim().min(1).max(5000),
  file_ids: z.array(z.string().max(64)).max(10).default([]),
  /** What the user agreed to send (browser, locale, page…), flat string values. */
  diagnostics: z.record(z.string().max(64), z.string().max(1000)).optional(),
});

const feedbackReplySchema = z.object({ text: z.string(), created_at: z.string() });
export const feedbackSchema = z.object({
  id: z.string(),
  category: z.enum(FEEDBACK_CATEGORIES),
  text: z.string(),
  file_ids: z.array(z.string()),
  status: z.enum(["open", "answered"]),
  created_at: z.string(),
  replies: z.array(feedbackReplySchema),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const feedbackListSchema = z.object({ data: z.array(feedbackSchema), next_page_token: z.string() });

export const adminFeedbackListQuerySchema = z.object({
  status: z.enum(["open", "answered"]).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  page_token: z.string().max(2048).optional(),
});
export const adminFeedbackListSchema = z.object({
  data: z.array(
    feedbackSchema.extend({
      user_id: z.string(),
      diagnostics: z.record(z.string(), z.string()),
    }),
  ),
  next_page_token: z.string(),
});
export const feedbackReplyRequestSchema = z.object({ text: z.string().trim().min(1).max(5000) });

export const downloadStatisticsSchema = z.object({
  data: z.array(z.object({ platform: z.enum(APP_PLATFORMS), count: z.number() })),
});

export const appPlatformParamsSchema = z.object({ platform: z.enum(APP_PLATFORMS) });
