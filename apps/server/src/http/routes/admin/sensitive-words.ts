import { endpoints } from "@nimbus/protocol";
import { isoTime } from "../../../lib/clock.js";
import { makePageToken, readPageToken } from "../../../lib/page-token.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { adminActor } from "./admin-actor.js";

const WORD_TOKEN = /^w:([\s\S]{1,100})$/;

/** `GET /admin/v1/sensitive-words`: the stored words (paged, filtered) and the configured ones. */
export function listSensitiveWords(app: NimbusApp, { sensitiveWords }: Services): void {
  route(
    app,
    endpoints.admin.listSensitiveWords,
    { schema: { tags: ["admin"], summary: "The sensitive-word list of the share check (admins)" } },
    async (request) => {
      const { q, limit, page_token } = request.query;
      const afterWord = page_token ? readPageToken(page_token, WORD_TOKEN)[1] : undefined;
      const rows = await sensitiveWords.page({ q, afterWord, limit: limit + 1 });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        data: page.map((row) => ({ word: row.word, create_time: isoTime(row.createdAt) })),
        next_page_token: rows.length > limit && last ? makePageToken(`w:${last.word}`) : "",
        configured: [...sensitiveWords.configured],
      };
    },
  );
}

/** `POST /admin/v1/sensitive-words` and `…:remove`; each change in the admin log. */
export function changeSensitiveWords(app: NimbusApp, { sensitiveWords }: Services): void {
  route(
    app,
    endpoints.admin.addSensitiveWord,
    {
      schema: {
        tags: ["admin"],
        summary: "Add a sensitive word (admins)",
        description:
          "Shares whose title or a shared item's name contains it answer `SENSITIVE_WORD` from the next visit on.",
      },
    },
    async (request) => {
      const added = await sensitiveWords.add(adminActor(request), request.body.word);
      return { word: added.word, create_time: isoTime(added.createdAt) };
    },
  );
  route(
    app,
    endpoints.admin.removeSensitiveWord,
    {
      schema: {
        tags: ["admin"],
        summary: "Remove a sensitive word (admins)",
        description:
          "`not_found` for a word not in the stored list (words of `SHARE_SENSITIVE_WORDS` included).",
      },
    },
    async (request) => {
      await sensitiveWords.remove(adminActor(request), request.body.word);
      return {};
    },
  );
}
