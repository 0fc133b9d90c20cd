import { NimbusError } from "@nimbus/protocol";
import type { Config } from "../../config/config.js";
import type { Clock } from "../../lib/clock.js";
import type { FilesService } from "../files/index.js";
import type { TaskService } from "../tasks/task-service.js";
import type { UsersRepository } from "../users/users-repository.js";

export const OFFLINE_TASK_TYPE = "offline";
const DAY_MS = 86_400_000;

/** What the caps read of a user's plan: premium, and the extra daily tasks their grants add (task cap packs). */
export interface OfflinePlan {
  premium: boolean;
  extraDailyTasks: number;
}

/** The user's plan for the caps: the membership ledger (`services.ts`); default `users.vip_type` in isolation. */
export interface PlanLimits {
  planOf(userId: string): Promise<OfflinePlan>;
}

export interface OfflineQuotas {
  offline: { total_assets: string; assets: string; daily_tasks_used: string; daily_tasks_limit: string };
  overFreeTaskLimit: boolean;
}

/**
 * Cloud download's limits: tasks per UTC day (plus task cap packs), bytes fetched per
 * calendar month, and the user's free space. Counted in the database, so every node
 * counts the same.
 */
export class OfflineCaps {
  constructor(
    private readonly deps: {
      clock: Clock;
      config: Pick<Config, "offline">;
      tasks: TaskService;
      users: UsersRepository;
      files: FilesService;
      plans: PlanLimits;
    },
  ) {}

  /** The `offline` entry of `about.quotas` and `over_free_task_limit`. */
  async quotas(userId: string): Promise<OfflineQuotas> {
    const plan = await this.deps.plans.planOf(userId);
    const { premium } = plan;
    const { offline } = this.deps.config;
    const monthly = premium ? offline.monthlyTrafficPremium : offline.monthlyTrafficFree;
    const used = await this.monthlyBytes(userId);
    const daily = this.dailyLimit(plan);
    const today = await this.tasksToday(userId);
    return {
      offline: {
        total_assets: monthly > 0 ? String(monthly) : "-1",
        assets: monthly > 0 ? String(Math.max(0, monthly - used)) : "-1",
        daily_tasks_used: String(today),
        daily_tasks_limit: daily > 0 ? String(daily) : "-1",
      },
      overFreeTaskLimit: !premium && daily > 0 && today >= daily,
    };
  }

  /** `task_daily_create_limit` once today's tasks reach the plan's cap. */
  async checkDailyCap(userId: string): Promise<void> {
    const limit = this.dailyLimit(await this.deps.plans.planOf(userId));
    if (limit > 0 && (await this.tasksToday(userId)) >= limit) {
      throw new NimbusError("task_daily_create_limit", `at most ${limit} cloud downloads a day`, {
        params: { limit },
      });
    }
  }

  /** `traffic_not_enough` when `bytes` more would pass this month's cloud-download traffic. */
  async checkTraffic(userId: string, bytes: number): Promise<void> {
    const { offline } = this.deps.config;
    const monthly = (await this.deps.plans.planOf(userId)).premium
      ? offline.monthlyTrafficPremium
      : offline.monthlyTrafficFree;
    if (monthly > 0 && (await this.monthlyBytes(userId)) + bytes > monthly) {
      throw new NimbusError("traffic_not_enough", "the monthly cloud-download traffic is used up");
    }
  }

  /** Refuses at once when the announced size exceeds the user's free space. */
  async checkSpace(userId: string, bytes: number): Promise<void> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw new NimbusError("unauthenticated");
    const free =
      (await this.deps.files.storageLimit(userId)) -
      Number(user.storage_usage) -
      Number(user.storage_reserved);
    if (bytes > free)
      throw new NimbusError("file_space_not_enough", "the download is larger than the free space");
  }

  /** The plan's daily task cap (0: none) plus the task cap packs the user holds. */
  private dailyLimit(plan: OfflinePlan): number {
    const { offline } = this.deps.config;
    const base = plan.premium ? offline.dailyTasksPremium : offline.dailyTasksFree;
    return base > 0 ? base + plan.extraDailyTasks : 0;
  }

  /** Offline tasks the user created since 00:00 UTC. */
  private tasksToday(userId: string): Promise<number> {
    const now = this.deps.clock.now();
    return this.deps.tasks.countCreatedSince(userId, OFFLINE_TASK_TYPE, now - (now % DAY_MS));
  }

  /** Bytes fetched from the network by the user's offline tasks created this calendar month (UTC). */
  private async monthlyBytes(userId: string): Promise<number> {
    const date = new Date(this.deps.clock.now());
    const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    const params = await this.deps.tasks.paramsCreatedSince(userId, OFFLINE_TASK_TYPE, start);
    return params.reduce((sum, p) => sum + (Number(p.downloaded_bytes) || 0), 0);
  }
}
