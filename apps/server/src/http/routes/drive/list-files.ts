import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import { presentedJson } from "../../presented-json.js";
import type { NimbusApp } from "../../types.js";

const DESCRIPTION = `
Lists a page of items. \`parent_id\`: '' (default) is the root, a folder id its children,
\`*\` the whole drive (for search, starred, categories). With \`filters={"trashed":{"eq":true}}\`
and \`parent_id\` '' or \`*\` the list is the top level of the trash; a trashed folder's id lists
what is inside it.

**Filters** (\`filters\`, JSON; an \`eq\` takes one value, an \`in\` an array):
\`trashed\` eq true/false · \`starred\` eq true/false · \`kind\` eq/in \`drive#file\`, \`drive#folder\` ·
\`phase\` eq/in a phase · \`mime_category\` eq/in image, video, audio, document, archive, torrent ·
\`modified_time\` and \`created_time\` gt/lt an ISO 8601 time or epoch ms ·
\`name\` contains (case-insensitive substring; the search) or eq (exact name).
Example: \`{"name":{"contains":"report"},"mime_category":{"in":["document"]}}\` with \`parent_id=*\`.

**Order** (\`order\`, alias \`sort\`): \`NAME_ASC\`, \`NAME_DESC\`, \`3\` (type desc), \`5\` (modified asc),
\`6\` (modified desc), \`7\` (size asc), \`8\` (size desc), or \`name_asc\`, \`name_desc\`, \`mod_asc\`,
\`mod_desc\`, \`size_asc\`, \`size_desc\`, \`type_desc\`. Default: modified time descending.
\`pin_folders_top\` (default true) lists folders before files.

Paging is by keyset: \`next_page_token\` holds the last item's full sort key, so pages stay
correct while the folder changes; a token only works with the order it was made for.
`.trim();

export function listFiles(app: NimbusApp, { files }: Services): void {
  route(
    app,
    endpoints.drive.listFiles,
    {
      schema: {
        tags: ["drive"],
        summary: "List a folder, the whole drive or the trash, filtered and sorted, a page at a time",
        description: DESCRIPTION,
      },
      // The list is `presentFile`'s output as it is (the contract's shape and order).
      serializerCompiler: presentedJson,
    },
    async (request) => {
      const q = request.query;
      return files.list(userId(request), {
        parentId: q.parent_id,
        limit: q.limit,
        pageToken: q.page_token,
        filters: q.filters,
        order: q.order ?? q.sort,
        pinFoldersTop: q.pin_folders_top,
        thumbnailSize: q.thumbnail_size,
      });
    },
  );
}
