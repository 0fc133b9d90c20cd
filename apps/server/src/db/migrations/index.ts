import type { Migration } from "kysely";
import type { DialectName } from "../database.js";
import { initial } from "./0001_initial.js";

/** Every migration, in order. Names sort lexically; never rename or edit a shipped one. */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    "0001_initial": initial(dialect),
  };
}
