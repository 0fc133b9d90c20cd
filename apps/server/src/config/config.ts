import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isIpOrRange } from "./ip-ranges.js";
import { envSchema } from "./schema.js";
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
  /** Which proxies' `X-Forwarded-For` gives the client address (Fastify's `trustProxy`). */
  trustProxy: TrustProxy;
  captcha: CaptchaConfig;
  region: RegionConfig;
  /** How the web app is served: built bundle, Vite dev server, or not at all (API-only tests). */
  web: "production" | "development" | "off";
  /** Unfinished uploads: where tus keeps their bytes, and how long they live after their last request. */
  uploads: { dir: string; expiryMs: number };
  quota: {
    freeStorageBytes: number;
    premiumStorageBytes: number;
    freeDownloadTrafficBytes: number;
    premiumDownloadTrafficBytes: number;
  };
  /** Trash expiry and blob garbage collection. */
  space: { trashRetentionMs: number; blobGcGraceMs: number };
  /** Limits against archive bombs (listing and extraction). */
  archives: { maxEntries: number; maxUnpackedBytes: number; maxRatio: number; maxDepth: number };
  /** Sharing moderation: sensitive words (lower-cased), the review queue, admins by email. */
  shares: { sensitiveWords: string[]; review: boolean; adminEmails: string[] };
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
  };
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
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const shieldProblems: string[] = [];
  const shield = {
    trustProxy: trustProxy(e.TRUST_PROXY, shieldProblems),
    captcha: captchaConfig(e, shieldProblems),
    region: regionConfig(e, shieldProblems),
  };
  if (shieldProblems.length > 0) throw new ConfigError(shieldProblems);

  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: databaseConfig(e.DATABASE_URL, dataDir),
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
          }
        : { kind: "local", dir: path.join(dataDir, "blobs") },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    secretKey: e.SECRET_KEY ?? persistedSecretKey(dataDir),
    logLevel: e.LOG_LEVEL,
    blockedIps,
    ...shield,
    web: e.NODE_ENV === "development" ? "development" : e.NODE_ENV === "test" ? "off" : "production",
    uploads: { dir: path.join(dataDir, "uploads"), expiryMs: Math.round(e.UPLOAD_EXPIRY_HOURS * 3_600_000) },
    quota: {
      freeStorageBytes: e.FREE_STORAGE_BYTES,
      premiumStorageBytes: e.PREMIUM_STORAGE_BYTES,
      freeDownloadTrafficBytes: e.FREE_DOWNLOAD_TRAFFIC_BYTES,
      premiumDownloadTrafficBytes: e.PREMIUM_DOWNLOAD_TRAFFIC_BYTES,
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
    },
    shares: {
      sensitiveWords: sensitiveWords(e.SHARE_SENSITIVE_WORDS, e.SHARE_SENSITIVE_WORDS_FILE),
      review: e.SHARE_REVIEW === "on",
      adminEmails: commaList(e.ADMIN_EMAILS).map((email) => email.toLowerCase()),
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
    },
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
