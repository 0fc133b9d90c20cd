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
});

export type Env = z.infer<typeof envSchema>;
