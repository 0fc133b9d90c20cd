import type { FeatureSwitch } from "@nimbus/protocol";
import { sql } from "kysely";
import { Metrics } from "./lib/metrics.js";
import type { BackgroundSends } from "./mail/background-sends.js";
import type { Mailer } from "./mail/mailer.js";
import type { AdminLog } from "./modules/admin-log/admin-log.js";
import { FeedbackService } from "./modules/feedback/feedback-service.js";
import { AppDownloads } from "./modules/remote-config/app-downloads.js";
import { ConfigAnswers } from "./modules/remote-config/config-answers.js";
import { RemoteConfigService } from "./modules/remote-config/remote-config-service.js";
import type { Shared } from "./services.js";

/**
 * Feature switches of services this server runs (all of them now; on unless the document
 * turns one off). A switch names an entry point of the web; one for a service a server
 * does not run stays off whatever the document says, so no page shows a button that
 * leads nowhere.
 */
const OFFERED_FEATURES: ReadonlySet<FeatureSwitch> = new Set([
  "cloud_download",
  "payments",
  "invites",
  "check_in",
  "activation_codes",
  "app_downloads",
]);

/** Operators: remote config, install-link counts, feedback, the admin log and metrics. */
export interface OperatorServices {
  adminLog: AdminLog;
  remoteConfig: RemoteConfigService;
  configAnswers: ConfigAnswers;
  appDownloads: AppDownloads;
  feedback: FeedbackService;
  metrics: Metrics;
}

export function wireOperators(shared: Shared, mailer: Mailer, sends: BackgroundSends): OperatorServices {
  const { db, clock, config, rateLimits } = shared;
  const { adminLog } = shared;
  const remoteConfig = new RemoteConfigService({
    db,
    clock,
    adminLog,
    offered: OFFERED_FEATURES,
    changes: shared.configChanges,
  });
  const metrics = new Metrics();
  metrics.attach({
    now: () => clock.now(),
    volumes: async () => [{ volume: "data", freeBytes: await shared.dataVolume.freeBytes() }],
    jobs: async () => {
      const { rows } = await sql<{
        type: string;
        state: string;
        count: number | string;
        oldest: number | string | null;
      }>`
        select type, state, count(*) as count, min(case when run_at <= ${clock.now()} then run_at end) as oldest
        from jobs group by type, state`.execute(db);
      return rows.map((row) => ({
        type: row.type,
        state: row.state,
        count: Number(row.count),
        oldestRunAt: row.oldest === null ? null : Number(row.oldest),
      }));
    },
    tasks: () => shared.tasks.countsByTypeAndPhase(),
  });
  return {
    adminLog,
    remoteConfig,
    configAnswers: new ConfigAnswers(remoteConfig),
    appDownloads: new AppDownloads(db, remoteConfig),
    feedback: new FeedbackService({
      db,
      clock,
      mailer,
      sends,
      rateLimits,
      adminLog,
      forwardEmail: config.operators.feedbackForwardEmail,
      webhookUrl: config.operators.feedbackWebhookUrl,
      publicUrl: config.publicUrl,
    }),
    metrics,
  };
}
