import type { AdminLog } from "./modules/admin-log/admin-log.js";
import { AdminDashboardFigures } from "./modules/audit/dashboard.js";
import { TransparencyFigures } from "./modules/audit/transparency.js";
import { UserAdmin } from "./modules/audit/user-admin.js";
import type { AuthService } from "./modules/auth/auth-service.js";
import type { Shared } from "./services.js";

/** The admin console (decision 0036): users, the dashboard, and the public transparency figures. */
export interface ConsoleServices {
  userAdmin: UserAdmin;
  dashboard: AdminDashboardFigures;
  transparency: TransparencyFigures;
}

export function wireConsole(shared: Shared, auth: AuthService, adminLog: AdminLog): ConsoleServices {
  const { db, clock, memberships } = shared;
  return {
    userAdmin: new UserAdmin({ db, clock, auth, memberships, adminLog }),
    dashboard: new AdminDashboardFigures(db, clock),
    transparency: new TransparencyFigures(db, adminLog, clock),
  };
}
