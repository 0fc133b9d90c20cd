import { negotiateLocale } from "@nimbus/protocol";
import type { FastifyRequest } from "fastify";
import type { Visit } from "../../../modules/shares/share-access.js";

/** A share visit from a request: the optional signed-in caller and the client's address. */
export function visitOf(
  request: FastifyRequest,
  q: { share_id: string; pass_code?: string | undefined; pass_code_token?: string | undefined },
): Visit {
  return {
    shareId: q.share_id,
    passCode: q.pass_code,
    passCodeToken: q.pass_code_token,
    viewerId: request.principal?.userId,
    client: request.ip,
    locale: negotiateLocale(request.headers["accept-language"]),
  };
}

export const SHARE_STATUS_NOTE =
  "Every share-link check result of spec §4 answers 200 with `share_status` (and nothing of the content " +
  "unless it is `OK`): NOT_FOUND, DELETED (cancelled, or every shared item gone), AUDITING, PROHIBITED, " +
  "EXPIRED, SENSITIVE_RESOURCE, SENSITIVE_WORD, MAX_RESTORE_COUNT, PASS_CODE_EMPTY, PASS_CODE_ERROR, OK. " +
  "Signing in is optional.";
