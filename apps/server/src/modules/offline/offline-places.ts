import { FILE_KIND, NimbusError } from "@nimbus/protocol";
import { serverText } from "@nimbus/texts/server";
import type { Db } from "../../db/database.js";
import type { FileRow, FilesRepository, FilesService } from "../files/index.js";
import type { UsersRepository } from "../users/users-repository.js";

/** Where a cloud download's result goes in the drive: the chosen folder, else "My Downloads". */
export class OfflinePlaces {
  constructor(
    private readonly deps: {
      db: Db;
      users: UsersRepository;
      files: FilesService;
      filesRepository: FilesRepository;
    },
  ) {}

  /** `file_parent_invalid` unless `id` is one of the user's folders, not trashed. */
  async requireFolder(userId: string, id: string): Promise<void> {
    const folder = await this.deps.filesRepository.findOwned(userId, id);
    if (!folder || folder.kind !== FILE_KIND.folder || folder.trashed_at !== null) {
      throw new NimbusError("file_parent_invalid", undefined, { metadata: { parent_id: id } });
    }
  }

  /** Where the result goes: the task's folder, or "My Downloads" again if that one went away. */
  async parentOf(userId: string, params: Record<string, string>): Promise<string> {
    const id = params.parent_id ?? "";
    if (!id) return "";
    const folder = await this.deps.filesRepository.findOwned(userId, id);
    if (folder && folder.kind === FILE_KIND.folder && folder.trashed_at === null) return id;
    const user = await this.deps.users.findById(userId);
    return this.downloadsFolder(userId, user?.locale ?? "en-US");
  }

  /**
   * The user's "My Downloads" at the root: made on first use in the language of the page that
   * asked (`locale`), else the account's, then remembered.
   */
  async downloadsFolder(userId: string, locale: string | undefined): Promise<string> {
    const known = await this.deps.db
      .selectFrom("offline_folders")
      .select("folder_id")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (known) {
      const folder = await this.deps.filesRepository.findOwned(userId, known.folder_id);
      if (folder && folder.kind === FILE_KIND.folder && folder.trashed_at === null) return folder.id;
    }
    const user = await this.deps.users.findById(userId);
    const name = serverText(locale ?? user?.locale ?? "en-US", "offline.myDownloads");
    const created = await this.deps.files.create(userId, { kind: FILE_KIND.folder, name, parent_id: "" });
    await this.deps.db
      .insertInto("offline_folders")
      .values({ user_id: userId, folder_id: created.file.id })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ folder_id: created.file.id }))
      .execute();
    return created.file.id;
  }

  /** The folder directly under `parentId` that holds `file` (a torrent's root folder). */
  async topFolder(userId: string, file: FileRow | undefined, parentId: string): Promise<FileRow | undefined> {
    let current = file;
    while (current && current.parent_id !== parentId && current.parent_id !== "") {
      current = await this.deps.filesRepository.findOwned(userId, current.parent_id);
    }
    return current;
  }
}
