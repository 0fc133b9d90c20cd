import type { Migration } from "kysely";
import type { DialectName } from "../database.js";
import { initial } from "./0001_initial.js";
import { filesEngine } from "./0002_files_engine.js";
import { uploads } from "./0003_uploads.js";
import { downloadsPreviews } from "./0004_downloads_previews.js";
import { accounts } from "./0005_accounts.js";
import { grantsSessions } from "./0006_grants_sessions.js";
import { shares } from "./0007_shares.js";
import { authCodeReuse } from "./0008_auth_code_reuse.js";

/** Every migration, in order. Names sort lexically; never rename or edit a shipped one. */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    "0001_initial": initial(dialect),
    "0002_files_engine": filesEngine(dialect),
    "0003_uploads": uploads(dialect),
    "0004_downloads_previews": downloadsPreviews(dialect),
    "0005_accounts": accounts(dialect),
    "0006_grants_sessions": grantsSessions(dialect),
    "0007_shares": shares(dialect),
    "0008_auth_code_reuse": authCodeReuse(dialect),
  };
}
