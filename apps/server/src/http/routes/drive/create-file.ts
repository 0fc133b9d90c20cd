import { endpoints, FILE_KIND, negotiateLocale } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

const DESCRIPTION = `
A **folder** is created at once; a taken name becomes \`name (1)\`.

A **file** starts an upload. Its size is reserved against the storage quota first
(\`file_space_not_enough\` when usage + uploads in progress + size exceed the limit);
the reservation becomes usage when the bytes arrive, and is released if the upload
is cancelled or expires (\`UPLOAD_EXPIRY_HOURS\` after its last request).

- \`upload_type: "UPLOAD_TYPE_RESUMABLE"\` with \`hash\` (GCID) and \`size\` (and
  \`sha256\`, which Nimbus clients send: dedup then needs both hashes to agree):
  - **instant upload** when those bytes are already stored: files up to 1 MiB
    answer \`file.phase: "PHASE_TYPE_COMPLETE"\` at once. Bigger files answer a
    \`challenge: {id, start, end}\`: repeat the call with \`challenge_id\` and
    \`challenge_sha1\` (hex SHA-1 of bytes start..end inclusive) to complete; a wrong
    or late answer is \`upload_challenge_failed\` (one attempt per challenge).
  - otherwise \`resumable: {provider: "NIMBUS_TUS", params: {url, endpoint, upload_id,
    expires_at}}\`: a tus 1.0 upload, already created with \`Upload-Length\` = size.
    Resume it directly (tus-js-client \`uploadUrl\`) with \`Authorization: Bearer\`;
    the last PATCH answers \`file_hash_mismatch\` when the bytes differ from \`hash\`.
- \`upload_type: "UPLOAD_TYPE_FORM"\` (the default) for files up to 100 MiB:
  \`form\` names the URL to PUT the raw bytes to.

**Folder uploads**: send \`relative_path\` as browsers give it
(\`webkitRelativePath\`, e.g. \`photos/2024/a.jpg\`, its last segment equal to
\`name\`). The folders on the path are created under \`parent_id\` when missing and
reused when a folder of that name exists (never renamed), safely under concurrent
uploads; a *file* in the way is \`file_name_conflict\`.

**Cloud download**: \`upload_type: "UPLOAD_TYPE_URL"\` with \`url: {url}\` (\`http(s)://\`,
\`thunder://\`, \`magnet:?\`, \`data:application/x-bittorrent;base64,…\`) or
\`url: {file_id}\` (a \`.torrent\` in the drive), \`url.files\` (indexes to keep) and
optional \`name\` and \`parent_id\` (none: "My Downloads", made on first use). Answers
\`{upload_type, file: null, task}\`: a \`drive#task\` of type \`offline\`, PENDING; the
fetch runs in the background. \`ed2k://\` and other schemes are
\`offline_link_unsupported\`; the daily cap is \`task_daily_create_limit\`.`.trim();

/** `POST /drive/v1/files`: folders go to the files service, files start an upload. */
export function createFile(app: NimbusApp, { files, uploads, offline }: Services): void {
  route(
    app,
    endpoints.drive.createFile,
    {
      schema: {
        tags: ["drive"],
        summary: "Create a folder, or start an upload (instant, tus or form)",
        description: DESCRIPTION,
      },
    },
    async (request) => {
      const user = userId(request);
      if (request.body.kind === FILE_KIND.folder) {
        const created = await files.create(user, request.body);
        return { upload_type: "", file: created.file, task: null };
      }
      if (request.body.upload_type === "UPLOAD_TYPE_URL") {
        // The page's language names a new "My Downloads"; without one, the account's.
        const asked = request.headers["accept-language"];
        const locale = asked ? negotiateLocale(asked) : undefined;
        const task = await offline.create(user, request.body, locale);
        return { upload_type: "UPLOAD_TYPE_URL", file: null, task };
      }
      const started = await uploads.create(user, request.body);
      return {
        upload_type: started.upload_type,
        file: started.file,
        ...(started.form && {
          form: {
            kind: "drive#form" as const,
            url: started.form.url,
            method: "PUT" as const,
            headers: { "content-type": "application/octet-stream" },
            max_size: String(started.form.maxSize),
          },
        }),
        ...(started.resumable && { resumable: started.resumable }),
        ...(started.challenge && { challenge: started.challenge }),
        task: null,
      };
    },
  );
}
