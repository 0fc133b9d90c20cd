import type { BlobStore } from "./blobs/blob-store.js";
import type { Config } from "./config/config.js";
import type { Database } from "./db/database.js";
import type { Clock } from "./lib/clock.js";
import { AuthService } from "./modules/auth/auth-service.js";
import { SessionsRepository } from "./modules/auth/sessions-repository.js";
import { DownloadLinks } from "./modules/files/download-links.js";
import { FilesRepository } from "./modules/files/files-repository.js";
import { FilesService } from "./modules/files/files-service.js";
import { UsersRepository } from "./modules/users/users-repository.js";

/** What the process is wired from: configuration and the adapters chosen by it. */
export interface AppDeps {
  config: Config;
  database: Database;
  blobs: BlobStore;
  clock: Clock;
}

/** The domain services routes call, built once per app from its dependencies. */
export interface Services extends AppDeps {
  auth: AuthService;
  users: UsersRepository;
  files: FilesService;
  links: DownloadLinks;
}

export function createServices(deps: AppDeps): Services {
  const { db } = deps.database;
  const users = new UsersRepository(db);
  const links = new DownloadLinks(deps.config.secretKey);
  return {
    ...deps,
    users,
    links,
    auth: new AuthService(users, new SessionsRepository(db), deps.clock),
    files: new FilesService({
      db,
      users,
      files: new FilesRepository(db),
      blobs: deps.blobs,
      links,
      clock: deps.clock,
      config: deps.config,
    }),
  };
}
