import type { Services } from "../../services.js";
import type { NimbusApp } from "../types.js";
import { signin } from "./auth/signin.js";
import { signup } from "./auth/signup.js";
import { about } from "./drive/about.js";
import { createFile } from "./drive/create-file.js";
import { download } from "./drive/download.js";
import { getFile } from "./drive/get-file.js";
import { listFiles } from "./drive/list-files.js";
import { uploadForm } from "./drive/upload-form.js";
import { healthz, readyz } from "./health/health.js";
import { me } from "./user/me.js";

/** Every API operation, one module each, grouped by the service base they live under. */
const ROUTES: ReadonlyArray<(app: NimbusApp, services: Services) => void> = [
  healthz,
  readyz,
  signup,
  signin,
  me,
  about,
  listFiles,
  getFile,
  createFile,
  uploadForm,
  download,
];

export function registerRoutes(app: NimbusApp, services: Services): void {
  for (const route of ROUTES) route(app, services);
}
