import type { Migration } from "kysely";
import type { DialectName } from "../database.js";
import { initial } from "./0001_initial.js";
import { filesEngine } from "./0002_files_engine.js";
import { uploads } from "./0003_uploads.js";
import { downloadsPreviews } from "./0004_downloads_previews.js";

/** Every migration, in order. Names sort lexically; never rename or edit a shipped one. */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    "0001_initial": initial(dialect),
    "0002_files_engine": filesEngine(dialect),
    "0003_uploads": uploads(dialect),
    "0004_downloads_previews": downloadsPreviews(dialect),
  };
}
