import type { Services } from "../../services.js";
import type { NimbusApp } from "../types.js";
import { signin } from "./auth/signin.js";
import { signout } from "./auth/signout.js";
import { signup } from "./auth/signup.js";
import { decompress } from "./decompress/decompress.js";
import { listArchive } from "./decompress/list-archive.js";
import { about } from "./drive/about.js";
import { batchCopy } from "./drive/batch-copy.js";
import { batchDelete } from "./drive/batch-delete.js";
import { batchMove } from "./drive/batch-move.js";
import { batchTrash } from "./drive/batch-trash.js";
import { batchUntrash } from "./drive/batch-untrash.js";
import { createFile } from "./drive/create-file.js";
import { deleteTasks } from "./drive/delete-tasks.js";
import { download } from "./drive/download.js";
import { downloadZip } from "./drive/download-zip.js";
import { emptyTrash } from "./drive/empty-trash.js";
import { getFile } from "./drive/get-file.js";
import { getTask } from "./drive/get-task.js";
import { listEvents } from "./drive/list-events.js";
import { listFiles } from "./drive/list-files.js";
import { listTasks } from "./drive/list-tasks.js";
import { renameFile } from "./drive/rename-file.js";
import { starFiles } from "./drive/star-files.js";
import { thumbnail } from "./drive/thumbnail.js";
import { unstarFiles } from "./drive/unstar-files.js";
import { uploadForm } from "./drive/upload-form.js";
import { uploadTus } from "./drive/upload-tus.js";
import { zipLink } from "./drive/zip-link.js";
import { healthz, readyz } from "./health/health.js";
import { me } from "./user/me.js";

/** Every API operation, one module each, grouped by the service base they live under. */
const ROUTES: ReadonlyArray<(app: NimbusApp, services: Services) => void> = [
  healthz,
  readyz,
  signup,
  signin,
  signout,
  me,
  about,
  listFiles,
  getFile,
  renameFile,
  batchMove,
  batchCopy,
  batchTrash,
  batchUntrash,
  batchDelete,
  emptyTrash,
  starFiles,
  unstarFiles,
  listEvents,
  listTasks,
  getTask,
  deleteTasks,
  createFile,
  uploadForm,
  uploadTus,
  download,
  zipLink,
  downloadZip,
  thumbnail,
  listArchive,
  decompress,
];

export function registerRoutes(app: NimbusApp, services: Services): void {
  for (const route of ROUTES) route(app, services);
}
