import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { isIpOrRange } from "./ip-ranges.js";
import { type RewardsConfig, rewardsConfig } from "./rewards-config.js";
import { envSchema, type OidcProviderSetting } from "./schema.js";
import {
  type CaptchaConfig,
  captchaConfig,
  type RegionConfig,
  regionConfig,
  type TrustProxy,
  trustProxy,
} from "./shield-config.js";

export type DatabaseConfig = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

export type BlobStoreConfig =
  | { kind: "local"; dir: string }
  | {
      kind: "s3";
      endpoint?: string;
      bucket: string;
      region: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
      /** Signed downloads redirect to a presigned GET URL valid this long (seconds); unset: bytes go through the node. */
      presignedDownloadSeconds?: number;
    };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  blobs: BlobStoreConfig;
  publicUrl: string;
  secretKey: string;
  logLevel: string;
  /** Addresses and CIDR ranges that get no pages. */
  blockedIps: string[];
  /** Origins allowed to frame the pages (embedded mode), each `scheme://host[:port]`. */
  embedParentOrigins: string[];
  /** Which proxies' `X-Forwarded-For` gives the client address (Fastify's `trustProxy`). */
  trustProxy: TrustProxy;
  /** WebDAV: app passwords over plain HTTP from non-loopback addresses; DELETE to the trash or for good. */
  webdav: { allowInsecure: boolean; deleteToTrash: boolean };
  /** DOWNLOAD_OFFLOAD=x-accel: signed downloads of local blobs end in `X-Accel-Redirect: <prefix><key>`. */
  downloadOffload?: { prefix: string } | undefined;
  captcha: CaptchaConfig;
  region: RegionConfig;
  /** How the web app is served: built bundle, Vite dev server, or not at all (API-only tests). */
  web: "production" | "development" | "off";
  /** Unfinished uploads: where tus keeps their bytes, and how long they live after their last request. */
  uploads: { dir: string; expiryMs: number };
  /** DATA_DIR's volume: the free bytes `/readyz` asks for, and the spare file released when it fills. */
  disk: { reserveBytes: number; spareBytes: number };
  quota: {
    freeStorageBytes: number;
    premiumStorageBytes: number;
    freeDownloadTrafficBytes: number;
    premiumDownloadTrafficBytes: number;
  };
  /** Membership: the payment provider for new orders, Stripe, the products file, reminders. */
  payments: {
    provider: "sandbox" | "stripe";
    stripe: { secretKey?: string; webhookSecret?: string; apiBase?: string };
    productsFile?: string;
    reminderDays: number;
  };
  /** Trash expiry and blob garbage collection. */
  space: { trashRetentionMs: number; blobGcGraceMs: number };
  /** Limits against archive bombs (listing and extraction). */
  archives: {
    maxEntries: number;
    maxUnpackedBytes: number;
    maxRatio: number;
    maxDepth: number;
    /** Extractions at once: per server process, and per user. */
    extractConcurrency: number;
    extractPerUser: number;
  };
  /** Fall back on the preview programs installed with the npm packages (`lib/media-tools.ts`). */
  mediaToolsBundled: boolean;
  /** Playback (decision 0060): free users' renditions, transcode limits, idle stop, cache cap. */
  playback: {
    freeMaxHeight: number;
    maxTranscodes: number;
    maxTranscodesPerUser: number;
    idleMs: number;
    cacheBytes: number;
  };
  /** The BitTorrent engine (magnets and `.torrent` files). */
  torrent: {
    dht: boolean;
    trackers: string[];
    maxFiles: number;
    metadataTimeoutMs: number;
    maxConnections: number;
    /** 0: no incoming peers. */
    listenPort: number;
    /** Where magnets' metadata is cached across restarts. */
    cacheDir: string;
  };
  /** The job queue: how long a claim on a job lasts without renewal. */
  jobs: { leaseMs: number };
  /** Cloud download (offline tasks): temp folder, SSRF rule, caps. 0 = unlimited for caps. */
  offline: {
    dir: string;
    allowPrivate: boolean;
    dailyTasksFree: number;
    dailyTasksPremium: number;
    concurrency: number;
    perUser: number;
    maxBytes: number;
    timeoutMs: number;
    bandwidthBytesPerSecond: number;
    monthlyTrafficFree: number;
    monthlyTrafficPremium: number;
  };
  /** Sharing moderation: sensitive words (lower-cased), the review queue, admins by email. */
  shares: {
    sensitiveWords: string[];
    review: boolean;
    adminEmails: string[];
    /** Per address and day, through shares without signing in. */
    anonymousTrafficBytes: number;
  };
  /** Operators: where new feedback is forwarded, and the `/metrics` scrape token. */
  operators: {
    feedbackForwardEmail?: string;
    feedbackWebhookUrl?: string;
    metricsToken?: string;
  };
  /** Account mail (SMTP or the DATA_DIR/mail outbox), SMS outbox, and the sign-in freeze. */
  accounts: {
    smtpUrl?: string;
    mailFrom: string;
    mailDir: string;
    smsDir: string;
    freezeAfterFailures: number;
    freezeMs: number;
    signupsPerIpHour: number;
    codeSendsPerIpHour: number;
    /** OpenID Connect providers people may sign in with (`OIDC_PROVIDERS`). */
    oidcProviders: OidcProviderSetting[];
  };
  /** Shared state of a cluster (`REDIS_URL`); unset: counters and event wake-ups stay in this process. */
  redis?: { url: string; keyPrefix: string };
  rewards: RewardsConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * Builds the validated config from an environment. Collects every problem
 * before failing. Creates DATA_DIR and, when SECRET_KEY is unset, generates one
 * there once and reuses it on later starts.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(stripEmpty(env));
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`);
  if (parsed.success && parsed.data.BLOB_STORE === "s3" && !parsed.data.S3_BUCKET) {
    problems.push("S3_BUCKET: required when BLOB_STORE=s3");
  }
  const blockedIps = (parsed.success ? (parsed.data.BLOCKED_IPS ?? "") : "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const badRanges = blockedIps.filter((entry) => !isIpOrRange(entry));
  if (badRanges.length > 0)
    problems.push(`BLOCKED_IPS: not an address or CIDR range: ${badRanges.join(", ")}`);
  const badTrackers = commaList(parsed.success ? parsed.data.TORRENT_TRACKERS : undefined).filter(
    (url) => !/^(https?|udp):\/\/[^/\s]+/i.test(url),
  );
  if (badTrackers.length > 0)
    problems.push(`TORRENT_TRACKERS: not an http(s):// or udp:// tracker: ${badTrackers.join(", ")}`);
  const embedParentOrigins = parsed.success ? embedOrigins(parsed.data.EMBED_PARENT_ORIGINS, problems) : [];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const shieldProblems: string[] = [];
  const shield = {
    trustProxy: trustProxy(e.TRUST_PROXY, shieldProblems),
    captcha: captchaConfig(e, shieldProblems),
    region: regionConfig(e, shieldProblems),
  };
  const rewards = rewardsConfig(e, shieldProblems);
  if (shieldProblems.length > 0) throw new ConfigError(shieldProblems);

  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: databaseConfig(e.DATABASE_URL, dataDir),
    webdav: { allowInsecure: e.WEBDAV_ALLOW_INSECURE, deleteToTrash: e.WEBDAV_DELETE_TO_TRASH },
    downloadOffload: e.DOWNLOAD_OFFLOAD === "x-accel" ? { prefix: e.DOWNLOAD_OFFLOAD_PREFIX } : undefined,
    blobs:
      e.BLOB_STORE === "s3"
        ? {
            kind: "s3",
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET as string,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            ...(e.S3_PRESIGNED_DOWNLOADS ? { presignedDownloadSeconds: e.S3_PRESIGNED_EXPIRY_SECONDS } : {}),
          }
        : { kind: "local", dir: path.join(dataDir, "blobs") },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    secretKey: e.SECRET_KEY ?? persistedSecretKey(dataDir),
    logLevel: e.LOG_LEVEL,
    blockedIps,
    embedParentOrigins,
    ...shield,
    web: e.NODE_ENV === "development" ? "development" : e.NODE_ENV === "test" ? "off" : "production",
    uploads: { dir: path.join(dataDir, "uploads"), expiryMs: Math.round(e.UPLOAD_EXPIRY_HOURS * 3_600_000) },
    disk: { reserveBytes: e.DISK_RESERVE_BYTES, spareBytes: e.DISK_SPARE_BYTES },
    quota: {
      freeStorageBytes: e.FREE_STORAGE_BYTES,
      premiumStorageBytes: e.PREMIUM_STORAGE_BYTES,
      freeDownloadTrafficBytes: e.FREE_DOWNLOAD_TRAFFIC_BYTES,
      premiumDownloadTrafficBytes: e.PREMIUM_DOWNLOAD_TRAFFIC_BYTES,
    },
    payments: {
      provider: e.PAYMENT_PROVIDER,
      stripe: {
        secretKey: e.STRIPE_SECRET_KEY,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        apiBase: e.STRIPE_API_BASE,
      },
      productsFile: e.PRODUCTS_FILE,
      reminderDays: e.PREMIUM_REMINDER_DAYS,
    },
    space: {
      trashRetentionMs: Math.round(e.TRASH_RETENTION_DAYS * 86_400_000),
      blobGcGraceMs: Math.round(e.BLOB_GC_GRACE_HOURS * 3_600_000),
    },
    archives: {
      maxEntries: e.ARCHIVE_MAX_ENTRIES,
      maxUnpackedBytes: e.ARCHIVE_MAX_UNPACKED_BYTES,
      maxRatio: e.ARCHIVE_MAX_RATIO,
      maxDepth: e.ARCHIVE_MAX_DEPTH,
      extractConcurrency: e.ARCHIVE_EXTRACT_CONCURRENCY,
      extractPerUser: e.ARCHIVE_EXTRACT_PER_USER,
    },
    mediaToolsBundled: e.MEDIA_TOOLS_BUNDLED,
    playback: {
      freeMaxHeight: e.PLAYBACK_FREE_MAX_HEIGHT,
      maxTranscodes: e.PLAYBACK_MAX_TRANSCODES ?? Math.max(1, Math.floor(availableParallelism() / 2)),
      maxTranscodesPerUser: e.PLAYBACK_MAX_TRANSCODES_PER_USER,
      idleMs: e.PLAYBACK_IDLE_SECONDS * 1000,
      cacheBytes: e.PLAYBACK_CACHE_BYTES,
    },
    torrent: {
      dht: e.TORRENT_DHT ?? e.NODE_ENV !== "test",
      trackers: commaList(e.TORRENT_TRACKERS),
      maxFiles: e.TORRENT_MAX_FILES,
      metadataTimeoutMs: e.TORRENT_METADATA_TIMEOUT_SECONDS * 1000,
      maxConnections: e.TORRENT_MAX_CONNECTIONS,
      listenPort: e.TORRENT_PORT,
      cacheDir: path.join(dataDir, "torrents"),
    },
    jobs: { leaseMs: e.JOB_LEASE_SECONDS * 1000 },
    offline: {
      dir: path.join(dataDir, "offline"),
      allowPrivate: e.OFFLINE_ALLOW_PRIVATE,
      dailyTasksFree: e.OFFLINE_DAILY_TASKS_FREE,
      dailyTasksPremium: e.OFFLINE_DAILY_TASKS_PREMIUM,
      concurrency: e.OFFLINE_CONCURRENCY,
      perUser: e.OFFLINE_PER_USER,
      maxBytes: e.OFFLINE_MAX_BYTES,
      timeoutMs: e.OFFLINE_TIMEOUT_SECONDS * 1000,
      bandwidthBytesPerSecond: e.OFFLINE_BANDWIDTH_BYTES_PER_SECOND,
      monthlyTrafficFree: e.OFFLINE_MONTHLY_TRAFFIC_FREE,
      monthlyTrafficPremium: e.OFFLINE_MONTHLY_TRAFFIC_PREMIUM,
    },
    shares: {
      sensitiveWords: sensitiveWords(e.SHARE_SENSITIVE_WORDS, e.SHARE_SENSITIVE_WORDS_FILE),
      review: e.SHARE_REVIEW === "on",
      adminEmails: commaList(e.ADMIN_EMAILS).map((email) => email.toLowerCase()),
      anonymousTrafficBytes: e.SHARE_ANONYMOUS_TRAFFIC_BYTES,
    },
    operators: {
      ...(e.FEEDBACK_FORWARD_EMAIL ? { feedbackForwardEmail: e.FEEDBACK_FORWARD_EMAIL } : {}),
      ...(e.FEEDBACK_WEBHOOK_URL ? { feedbackWebhookUrl: e.FEEDBACK_WEBHOOK_URL } : {}),
      ...(e.METRICS_TOKEN ? { metricsToken: e.METRICS_TOKEN } : {}),
    },
    accounts: {
      ...(e.SMTP_URL ? { smtpUrl: e.SMTP_URL } : {}),
      mailFrom: e.MAIL_FROM,
      mailDir: path.join(dataDir, "mail"),
      smsDir: path.join(dataDir, "sms"),
      freezeAfterFailures: e.SIGNIN_FREEZE_AFTER,
      freezeMs: e.SIGNIN_FREEZE_MINUTES * 60_000,
      signupsPerIpHour: e.SIGNUPS_PER_IP_HOUR,
      codeSendsPerIpHour: e.CODE_SENDS_PER_IP_HOUR,
      oidcProviders: e.OIDC_PROVIDERS ?? [],
    },
    ...(e.REDIS_URL ? { redis: { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } } : {}),
    rewards,
  };
}

function commaList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function sensitiveWords(list: string | undefined, file: string | undefined): string[] {
  const fromFile = file ? readFileSync(path.resolve(file), "utf8").split(/\r?\n/) : [];
  const words = [...commaList(list), ...fromFile.map((line) => line.trim()).filter(Boolean)];
  return [...new Set(words.map((word) => word.toLowerCase()))];
}

function databaseConfig(url: string | undefined, dataDir: string): DatabaseConfig {
  if (!url) return { kind: "sqlite", file: path.join(dataDir, "nimbus.db") };
  if (url.startsWith("sqlite:")) {
    const file = url.slice("sqlite:".length).replace(/^\/\//, "");
    return { kind: "sqlite", file: file === ":memory:" ? file : path.resolve(file) };
  }
  return { kind: "postgres", url };
}

function persistedSecretKey(dataDir: string): string {
  const file = path.join(dataDir, "secret_key");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const key = randomBytes(32).toString("base64url");
  // "wx": if another process created it first, fail and read theirs instead.
  try {
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: "wx" });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw error;
  }
}

/** An empty variable means "unset", as in most shells' `FOO= cmd`. */
function stripEmpty(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]));
}

/** `EMBED_PARENT_ORIGINS`: bare http(s) origins, nothing a CSP source list would read otherwise. */
function embedOrigins(value: string | undefined, problems: string[]): string[] {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim().replace(/\/+$/, ""))
    .filter(Boolean);
  const bad = entries.filter((entry) => {
    try {
      const url = new URL(entry);
      return !/^https?:$/.test(url.protocol) || url.origin !== entry;
    } catch {
      return true;
    }
  });
  if (bad.length > 0) problems.push(`EMBED_PARENT_ORIGINS: not an http(s) origin: ${bad.join(", ")}`);
  return entries;
}
