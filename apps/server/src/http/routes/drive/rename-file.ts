import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function renameFile(app: NimbusApp, { files, operations }: Services): void {
  route(
    app,
    endpoints.drive.renameFile,
    {
      schema: {
        tags: ["drive"],
        summary: "Rename a file or folder",
        description:
          "A name taken in the folder becomes `name (n).ext`, unless `on_conflict` is `fail` " +
          "(then `file_name_conflict`). Names with `/`, `\\`, control, bidi or zero-width characters, `.`/`..`, " +
          "empty or over 255 UTF-8 bytes are `file_name_invalid`.",
      },
    },
    async (request) => {
      const { name, on_conflict } = request.body;
      const row = await operations.rename(userId(request), request.params.id, name, on_conflict);
      return (await files.presentPlain([row]))[0];
    },
  );
}
