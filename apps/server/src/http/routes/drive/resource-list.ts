import {
  ERROR_INFO_TYPE,
  endpoints,
  formatMessage,
  LOCALIZED_MESSAGE_TYPE,
  loadErrorMessages,
  negotiateLocale,
  type Resource,
} from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

const DESCRIPTION = `
The URL checker: \`urls\` holds up to 20 links, one per line. Each is inspected
(a web link: its headers through the SSRF guard; a magnet: its metadata) within a
short time cap (10 s), and answered in order as \`{url, status: "ok", name, file_size,
folder, mime_type, files}\` or \`{url, status: "error", error}\` with the spec's error
object (\`offline_link_unsupported\`, \`offline_address_refused\`, \`offline_fetch_failed\`,
\`offline_fetch_timeout\`, …). Nothing is stored and no task is created.`.trim();

/** `POST /drive/v1/resource/list`: what each link holds. */
export function resourceList(app: NimbusApp, { offline }: Services): void {
  route(
    app,
    endpoints.drive.resourceList,
    { schema: { tags: ["drive"], summary: "Check what links hold (URL checker)", description: DESCRIPTION } },
    async (request) => {
      const locale = negotiateLocale(request.headers["accept-language"]);
      const messages = await loadErrorMessages(locale);
      const checked = await offline.checkUrls(userId(request), request.body.urls);
      const resources = checked.map((entry): Resource => {
        if ("error" in entry) {
          const { error } = entry;
          const description = formatMessage(messages[error.error] ?? error.error, error.params, locale);
          return {
            url: entry.url,
            status: "error",
            error: {
              error: error.error,
              error_code: error.code,
              error_description: description,
              error_uri: request.url.split("?")[0] ?? "",
              details: [
                {
                  "@type": ERROR_INFO_TYPE,
                  reason: error.error,
                  domain: "nimbus",
                  ...(error.metadata ? { metadata: error.metadata } : {}),
                },
                { "@type": LOCALIZED_MESSAGE_TYPE, locale, message: description },
              ],
            },
            name: "",
            folder: false,
            files: [],
          };
        }
        const { manifest } = entry;
        return {
          url: entry.url,
          status: "ok",
          name: manifest.name,
          ...(manifest.totalSize !== undefined && { file_size: String(manifest.totalSize) }),
          folder: manifest.folder,
          ...(manifest.mimeType && { mime_type: manifest.mimeType }),
          files: manifest.files.map((file) => ({
            index: String(file.index),
            path: file.path.join("/"),
            ...(file.size !== undefined && { size: String(file.size) }),
          })),
        };
      });
      return { resources };
    },
  );
}
