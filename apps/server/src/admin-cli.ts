import { ConfigError, loadConfig } from "./config/config.js";
import { openDatabase } from "./db/database.js";
import { systemClock } from "./lib/clock.js";
import { AdminLog } from "./modules/admin-log/admin-log.js";
import { Admins } from "./modules/console/admins.js";

const USAGE = "usage: npm run admin -- grant <email> | revoke <email> | list";

/**
 * `npm run admin -- grant <email>`: the first admins of a server (besides `ADMIN_EMAILS`).
 * Reads the same environment as the server (a second entry point beside `main.ts`), and
 * writes each change to the admin log as done from the command line.
 */
async function adminCli(args: readonly string[]): Promise<number> {
  const [command, email] = args;
  if (command !== "list" && !((command === "grant" || command === "revoke") && email)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const admins = new Admins(database.db, config.shares.adminEmails);
    if (command === "list") {
      for (const address of await admins.listByRole()) process.stdout.write(`${address}\n`);
      return 0;
    }
    const id = await admins.setRole(email ?? "", command === "grant" ? "admin" : "user");
    if (!id) {
      process.stderr.write(`no account with the email ${email}\n`);
      return 1;
    }
    await new AdminLog(database.db, systemClock).record({
      adminId: "cli",
      action: command === "grant" ? "admin.grant" : "admin.revoke",
      target: id,
      detail: { email },
      ip: "command line",
    });
    process.stdout.write(`${email}: ${command === "grant" ? "now an admin" : "no longer an admin"}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await adminCli(process.argv.slice(2));
