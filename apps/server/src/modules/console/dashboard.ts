import type { AdminDashboard } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import { jobFigures } from "../../jobs/job-store.js";
import { type Clock, isoTime } from "../../lib/clock.js";
import { countOpenFeedback } from "../feedback/feedback-service.js";
import { countPremiumHolders } from "../membership/entitlements.js";
import type { ShareReports } from "../shares/share-reports.js";
import { storedBytes } from "../space/stored-bytes.js";
import { taskFigures } from "../tasks/task-figures.js";
import { userFigures } from "../users/users-repository.js";

const RECENT_ERRORS = 10;

/**
 * The console's first screen: users, storage and what dedup saves, jobs and tasks by state,
 * recent errors. Each figure is read by the module owning its table.
 */
export class AdminDashboardFigures {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly reports: Pick<ShareReports, "countOpen">,
  ) {}

  async figures(): Promise<AdminDashboard> {
    const { db } = this;
    const [users, premium, stored, jobs, tasks, reports, feedback] = await Promise.all([
      userFigures(db),
      countPremiumHolders(db, this.clock.now()),
      storedBytes(db),
      jobFigures(db, RECENT_ERRORS),
      taskFigures(db, RECENT_ERRORS),
      this.reports.countOpen(),
      countOpenFeedback(db),
    ]);
    const byStatus = (status: string) => users.byStatus.get(status) ?? 0;
    const used = users.storageUsage;
    const saved = used > stored ? used - stored : 0n;
    const errors = [
      ...jobs.failures.map((job) => ({ source: "job", ...job })),
      ...tasks.failures.map((task) => ({ source: "task", ...task })),
    ]
      .sort((a, b) => b.at - a.at)
      .slice(0, RECENT_ERRORS);
    return {
      users: {
        total: [...users.byStatus.values()].reduce((sum, n) => sum + n, 0),
        active: byStatus("ACTIVE"),
        blocked: byStatus("BLOCKED"),
        premium,
      },
      storage: { used: String(used), stored: String(stored), saved_by_dedup: String(saved) },
      jobs: jobs.byState,
      tasks: tasks.byPhase,
      recent_errors: errors.map(({ at, error, ...rest }) => ({
        ...rest,
        error: error.slice(0, 300),
        time: isoTime(at),
      })),
      open_reports: reports,
      open_feedback: feedback,
    };
  }
}
