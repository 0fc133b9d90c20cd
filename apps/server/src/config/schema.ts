import { z } from "zod";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const byteCount = z.coerce
  .number({ message: "must be a whole number of bytes" })
  .int({ message: "must be a whole number of bytes" })
  .nonnegative({ message: "must be a whole number of bytes" });

/**
 * The environment Nimbus reads, as a schema: names, defaults and what is valid.
 * Each entry's description is the README's configuration table (kept in sync by a test).
 */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe("TCP port to listen on."),
  HOST: z.string().min(1).default("0.0.0.0").describe("Interface to listen on."),
  DATA_DIR: z
    .string()
    .min(1)
    .default("./data")
    .describe("Directory for the SQLite database, local blobs and the generated secret key."),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres:\/\/|postgresql:\/\/)/, "must start with sqlite: or postgres://")
    .optional()
    .describe(
      "`sqlite:<path>` (default `sqlite:<DATA_DIR>/nimbus.db`) or `postgres://user:pass@host:port/db`.",
    ),
  BLOB_STORE: z
    .enum(["local", "s3"])
    .default("local")
    .describe("Where file bytes live: `local` (under DATA_DIR/blobs) or `s3`."),
  S3_ENDPOINT: z.url().optional().describe("S3-compatible endpoint URL (omit for AWS)."),
  S3_BUCKET: z.string().min(1).optional().describe("Bucket holding the blobs (required with BLOB_STORE=s3)."),
  S3_REGION: z.string().min(1).default("us-east-1").describe("S3 region."),
  S3_ACCESS_KEY_ID: z
    .string()
    .min(1)
    .optional()
    .describe("S3 access key (else the AWS default credential chain)."),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional().describe("S3 secret key."),
  S3_FORCE_PATH_STYLE: booleanFlag
    .default(false)
    .describe("Use path-style bucket addressing (MinIO and most self-hosted stores need `true`)."),
  PUBLIC_URL: z
    .url()
    .optional()
    .describe("Public origin users reach Nimbus at, used in links (default `http://localhost:PORT`)."),
  SECRET_KEY: z
    .string()
    .min(32, "must be at least 32 characters")
    .optional()
    .describe(
      "Key for signed links; generated once into DATA_DIR/secret_key when unset. Set the same value on every node of a cluster.",
    ),
  NODE_ENV: z
    .enum(["production", "development", "test"])
    .default("production")
    .describe(
      "`production` serves the built web app; `development` serves it through Vite with hot reload (`npm run dev`).",
    ),
  BLOCKED_IPS: z
    .string()
    .optional()
    .describe(
      "Comma-separated addresses and CIDR ranges whose visitors get no pages (403), e.g. `203.0.113.7,2001:db8::/32`.",
    ),
  BLOCKED_COUNTRIES: z
    .string()
    .optional()
    .describe(
      "Comma-separated ISO 3166-1 alpha-2 codes (e.g. `KP,XX`) whose visitors the region check answers `accessible: false` (they see the block page).",
    ),
  GEOIP_DATABASE: z
    .string()
    .min(1)
    .optional()
    .describe(
      "An IP-to-country `.mmdb` file to use instead of the bundled one (ip-location-db's `country_code` or MaxMind's `country.iso_code` records).",
    ),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+|[\w.:/,\s-]+)$/, "must be true, false, a hop count or addresses/CIDR ranges")
    .default("false")
    .describe(
      "Whether the client address comes from `X-Forwarded-For`: `false`, `true` (any proxy), a number of proxy hops, or comma-separated proxy addresses/CIDR ranges.",
    ),
  CAPTCHA_MODE: z
    .enum(["risk", "always", "off"])
    .default("risk")
    .describe(
      "`risk`: a captcha is needed only when the risk policy sees failures or bursts for the address, account or device (a clean first attempt needs none); `always`: every protected action needs a solved challenge; `off`: never.",
    ),
  CAPTCHA_ACTIONS: z
    .string()
    .default("POST:/v1/auth/signin,POST:/v1/auth/signup,POST:/v1/auth/verification,GET:/drive/v1/share")
    .describe("Comma-separated `METHOD:/path` actions whose calls are checked for `x-captcha-token`."),
  CAPTCHA_SIGN_CLIENTS: z
    .string()
    .optional()
    .describe(
      "Comma-separated client ids (e.g. `nimbus-desktop,nimbus-mobile`) whose captcha inits must carry a valid `captcha_sign` made with the protocol's ten salts (spec §7), unless the client registry configures others.",
    ),
  CAPTCHA_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .max(3600)
    .default(300)
    .describe("Seconds a captcha token stays valid."),
  CAPTCHA_FAILURES: z.coerce
    .number()
    .int()
    .min(1)
    .default(3)
    .describe(
      "Failures within an hour after which a challenge is needed: sign-in failures per address, account or device, or refused calls of a protected action (e.g. wrong share passcodes) per address or device.",
    ),
  CAPTCHA_CODE_SENDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(5)
    .describe(
      "Verification codes sent within an hour (per address or target) after which a challenge is needed.",
    ),
  CAPTCHA_INIT_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .default(30)
    .describe(
      "Captcha inits within 10 minutes (per address or device) after which every init answers a challenge.",
    ),
  CAPTCHA_POW_COST: z.coerce
    .number()
    .int()
    .min(1)
    .default(1000)
    .describe("ALTCHA proof-of-work cost (PBKDF2 iterations per attempt) of the challenge page."),
  CAPTCHA_POW_COUNTER: z.coerce
    .number()
    .int()
    .min(2)
    .default(5000)
    .describe(
      "Most attempts the ALTCHA proof of work takes (the answer is drawn between half this and this); with the cost, how long a challenge takes.",
    ),
  LOG_LEVEL: z
    .enum(LOG_LEVELS)
    .default("info")
    .describe("Log level: fatal, error, warn, info, debug, trace or silent."),
  FREE_STORAGE_BYTES: byteCount.default(6 * 1024 ** 3).describe("Storage quota of a free account, in bytes."),
  PREMIUM_STORAGE_BYTES: byteCount
    .default(10 * 1024 ** 4)
    .describe("Storage quota of a premium account, in bytes."),
  TRASH_RETENTION_DAYS: z.coerce
    .number({ message: "must be a number of days" })
    .positive({ message: "must be a positive number of days" })
    .default(30)
    .describe("Days an item stays in the trash before it is deleted for good."),
  BLOB_GC_GRACE_HOURS: z.coerce
    .number({ message: "must be a number of hours" })
    .nonnegative({ message: "must be a number of hours" })
    .default(24)
    .describe(
      "Hours stored bytes that nothing references (deleted files, failed uploads) are kept before garbage collection removes them.",
    ),
  UPLOAD_EXPIRY_HOURS: z.coerce
    .number({ message: "must be a number of hours" })
    .positive({ message: "must be a positive number of hours" })
    .default(24)
    .describe(
      "Hours an unfinished upload is kept after its last request; then its bytes, pending file and storage reservation are dropped.",
    ),
  FREE_DOWNLOAD_TRAFFIC_BYTES: byteCount
    .default(10 * 1024 ** 3)
    .describe("Monthly download traffic of a free account, in bytes."),
  PREMIUM_DOWNLOAD_TRAFFIC_BYTES: byteCount
    .default(1200 * 1024 ** 3)
    .describe("Monthly download traffic of a premium account, in bytes."),
  ARCHIVE_MAX_ENTRIES: z.coerce
    .number()
    .int()
    .min(1)
    .default(20_000)
    .describe("Most entries an archive may have to be listed or extracted."),
  ARCHIVE_MAX_UNPACKED_BYTES: byteCount
    .default(20 * 1024 ** 3)
    .describe("Largest total uncompressed size of an archive that is extracted, in bytes."),
  ARCHIVE_MAX_RATIO: z.coerce
    .number()
    .int()
    .min(1)
    .default(200)
    .describe(
      "Largest uncompressed-to-compressed size ratio accepted for archives unpacking to over 16 MiB.",
    ),
  ARCHIVE_MAX_DEPTH: z.coerce
    .number()
    .int()
    .min(1)
    .default(32)
    .describe("Deepest folder nesting accepted inside an archive."),
  SHARE_SENSITIVE_WORDS: z
    .string()
    .optional()
    .describe(
      "Comma-separated words that make a share answer `SENSITIVE_WORD` when its title or a shared item's name contains one (case-insensitive).",
    ),
  SHARE_SENSITIVE_WORDS_FILE: z
    .string()
    .min(1)
    .optional()
    .describe("A file of more sensitive words, one per line (read at start)."),
  SHARE_REVIEW: z
    .enum(["off", "on"])
    .default("off")
    .describe("`on`: new shares answer `AUDITING` until an admin approves them (`/audit/v1/share:approve`)."),
  ADMIN_EMAILS: z
    .string()
    .optional()
    .describe(
      "Comma-separated emails of accounts that act as admins (moderation under `/audit/v1`), besides accounts whose `role` is `admin`.",
    ),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional()
    .describe(
      "Send mail through this SMTP server, e.g. `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. Unset: each message is logged and written as an `.eml` file under DATA_DIR/mail.",
    ),
  MAIL_FROM: z
    .string()
    .min(3)
    .default("Nimbus <no-reply@localhost>")
    .describe("Sender of account mail (verification codes)."),
  SIGNIN_FREEZE_AFTER: z.coerce
    .number()
    .int()
    .min(2)
    .default(10)
    .describe(
      "Failed sign-ins of one account within an hour before it is frozen (`account_freeze`); answers slow down from the third.",
    ),
  SIGNUPS_PER_IP_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .describe("Accounts one client IP may create per hour."),
  CODE_SENDS_PER_IP_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(30)
    .describe(
      "Verification codes one client IP may ask for per hour (one address gets at most 10 an hour, one a minute).",
    ),
  SIGNIN_FREEZE_MINUTES: z.coerce
    .number()
    .positive()
    .default(30)
    .describe("Minutes a frozen account stays frozen."),
});

export type Env = z.infer<typeof envSchema>;
