import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/** `POST /decompress/v1/list`: the entries of a zip, 7z or rar archive in the caller's drive. */
export function listArchive(app: NimbusApp, { archives }: Services): void {
  route(
    app,
    endpoints.decompress.listArchive,
    {
      schema: {
        tags: ["decompress"],
        summary: "List an archive (zip, 7z, rar): names, sizes, folders, encryption",
      },
    },
    async (request) => archives.list(userId(request), request.body),
  );
}
