import type { AccountServices } from "./account-services.js";
import type { AdminLog } from "./modules/admin-log/admin-log.js";
import type { AppPasswords } from "./modules/auth/app-passwords.js";
import type { AuthService } from "./modules/auth/auth-service.js";
import type { Admins } from "./modules/console/admins.js";
import { AdminDashboardFigures } from "./modules/console/dashboard.js";
import { TransparencyFigures } from "./modules/console/transparency.js";
import { UserAdmin } from "./modules/console/user-admin.js";
import type { Shared } from "./services.js";
import type { ShareServices } from "./share-services.js";

/** The admin console (decision 0036): users, the dashboard, and the public transparency figures. */
export interface ConsoleServices {
  userAdmin: UserAdmin;
  dashboard: AdminDashboardFigures;
  transparency: TransparencyFigures;
}

/** What the console takes from other areas: sessions, the admin log, who is an admin, and account changes. */
export interface ConsoleParts {
  auth: AuthService;
  appPasswords: AppPasswords;
  adminLog: AdminLog;
  admins: Admins;
  accounts: Pick<AccountServices, "accountDeletion" | "twoFactorReset">;
  shares: Pick<ShareServices, "shareReports" | "blockedContent" | "sharesRepository">;
}

export function wireConsole(shared: Shared, parts: ConsoleParts): ConsoleServices {
  const { db, clock, memberships } = shared;
  const { auth, appPasswords, adminLog, admins, accounts, shares } = parts;
  return {
    userAdmin: new UserAdmin({
      db,
      clock,
      auth,
      appPasswords,
      memberships,
      adminLog,
      admins,
      accountDeletion: accounts.accountDeletion,
      twoFactorReset: accounts.twoFactorReset,
    }),
    dashboard: new AdminDashboardFigures(db, clock, shares.shareReports),
    transparency: new TransparencyFigures({
      reports: shares.shareReports,
      blocked: shares.blockedContent,
      shares: shares.sharesRepository,
      adminLog,
      clock,
    }),
  };
}
