import { FILE_KIND, type UserSettings } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import { systemOf } from "../auth/device-name.js";
import type { ClientInfo } from "../clients/client-registry.js";
import { type FilesService, liveFolderNamed } from "../files/index.js";

/**
 * Where a save from a share that names no folder lands, by the user's settings
 * (decision 0045). Only another app's save moves: the web lets the user pick.
 * - `SAVE_OTHER_APP_FILES_IN_SEPARATE_FOLDERS`: a top-level folder named after the app;
 * - else `defaultFolderBasedOnPlatform`: one named after the device's system (Android,
 *   iOS, Windows, macOS, …, from its user agent);
 * - else (or nothing recognised) the drive's top level.
 */
export function appSaveFolderName(
  client: Pick<ClientInfo, "kind" | "name"> | undefined,
  userAgent: string,
  settings: Pick<UserSettings, "SAVE_OTHER_APP_FILES_IN_SEPARATE_FOLDERS" | "defaultFolderBasedOnPlatform">,
): string | undefined {
  if (!client || client.kind === "web") return undefined;
  if (settings.SAVE_OTHER_APP_FILES_IN_SEPARATE_FOLDERS) return client.name;
  if (settings.defaultFolderBasedOnPlatform) return systemOf(userAgent);
  return undefined;
}

export interface AppSaveFoldersDeps {
  db: Db;
  files: FilesService;
  clients: { find(id: string | undefined): ClientInfo | undefined };
  settings: { get(userId: string): Promise<UserSettings> };
}

export class AppSaveFolders {
  constructor(private readonly deps: AppSaveFoldersDeps) {}

  /** The folder a save goes into: `parentId` when one is named, else the app's folder (made once), else the top level. */
  async parentFor(userId: string, parentId: string, clientId: string | undefined, userAgent: string) {
    if (parentId) return parentId;
    const client = this.deps.clients.find(clientId);
    if (!client || client.kind === "web") return "";
    const name = appSaveFolderName(client, userAgent, await this.deps.settings.get(userId));
    if (!name) return "";
    const existing = await liveFolderNamed(this.deps.db, userId, "", name);
    if (existing) return existing;
    const created = await this.deps.files.create(userId, { kind: FILE_KIND.folder, name, parent_id: "" });
    return created.file.id;
  }
}
