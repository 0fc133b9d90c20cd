import type { Db } from "../../db/database.js";
import { foldName } from "../../lib/fold-name.js";
import type { FilesRepository } from "./files-repository.js";
import { numberedName, splitName } from "./names.js";

const MAX_NUMBER = 10_000;
const CHUNK = 500;

/**
 * Chooses free names in one folder for items arriving there (move, copy,
 * untrash): the name itself when free, else `name (n).ext`. Runs inside a
 * transaction holding the user's lock, so what it saw stays true until commit;
 * names it hands out count as taken for the rest of the batch.
 */
export class NameAllocator {
  private readonly taken = new Set<string>();
  /** Names whose status was read from the database. */
  private readonly checked = new Set<string>();
  /** Bases whose `base (n)` names were read. */
  private readonly loadedBases = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly files: FilesRepository,
    private readonly userId: string,
    private readonly parentId: string,
  ) {}

  /** Loads which of `names` are taken, in a few queries (call before allocating many). */
  async prime(names: readonly string[]): Promise<void> {
    const unique = [...new Set(names)];
    for (let i = 0; i < unique.length; i += CHUNK) {
      const rows = await this.db
        .selectFrom("files")
        .select("name")
        .where("user_id", "=", this.userId)
        .where("parent_id", "=", this.parentId)
        .where("trashed_at", "is", null)
        .where("name", "in", unique.slice(i, i + CHUNK))
        .execute();
      for (const row of rows) this.taken.add(row.name);
    }
    for (const name of unique) this.checked.add(name);
  }

  async isTaken(name: string): Promise<boolean> {
    if (!this.checked.has(name)) await this.prime([name]);
    return this.taken.has(name);
  }

  /** A free name for `name` (which the caller has validated), marked taken. */
  async allocate(name: string, isFolder: boolean): Promise<string> {
    if (!(await this.isTaken(name))) {
      this.taken.add(name);
      return name;
    }
    const [base] = splitName(name, isFolder);
    if (!this.loadedBases.has(base)) {
      const names = await this.files.liveNamesStartingWith(this.userId, this.parentId, base, this.db);
      for (const taken of names) this.taken.add(taken);
      this.loadedBases.add(base);
    }
    for (let n = 1; n <= MAX_NUMBER; n++) {
      const candidate = numberedName(name, n, isFolder);
      if (!this.taken.has(candidate)) {
        this.taken.add(candidate);
        return candidate;
      }
    }
    throw new Error(`no free name for ${name}`);
  }
}

export function nameFields(name: string): { name: string; name_folded: string } {
  return { name, name_folded: foldName(name) };
}
