import { randomInt } from "node:crypto";
import {
  type CreateShareResponse,
  DEFAULT_PAGE_LIMIT,
  FILE_KIND,
  NimbusError,
  type ShareList,
} from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import { keysetPage, readPageToken } from "../../lib/page-token.js";
import { type FilesRepository, isComplete } from "../files/index.js";
import type { PassCodeGuard } from "./pass-code-guard.js";
import type { ShareAccessChecker } from "./share-access.js";
import { presentShare, shareText, shareUrl } from "./share-presenter.js";
import type { SharesRepository } from "./shares-repository.js";

const DAY_MS = 86_400_000;
const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"; // no 0/o, 1/l look-alikes
/** 32^8 = 2^40 codes: far beyond what the per-share guessing bound lets through. */
const GENERATED_CODE_LENGTH = 8;

export interface ShareServiceDeps {
  db: Db;
  shares: SharesRepository;
  files: FilesRepository;
  access: ShareAccessChecker;
  guard: PassCodeGuard;
  clock: Clock;
  publicUrl: string;
  /** New shares wait for an admin's approval (`SHARE_REVIEW=on`). */
  review: boolean;
}

export interface NewShare {
  fileIds: readonly string[];
  passCodeOption: "REQUIRED" | "NOT_REQUIRED";
  passCode?: string | undefined;
  expirationDays: number;
  restoreLimit: number;
  title?: string | undefined;
}

/** The sharer's side: create, list with counters, cancel. */
export class ShareService {
  constructor(private readonly deps: ShareServiceDeps) {}

  async create(userId: string, request: NewShare): Promise<CreateShareResponse> {
    const { deps } = this;
    const ids = [...new Set(request.fileIds)];
    const rows = await deps.files.findManyOwned(userId, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) throw new NimbusError("file_not_found", undefined, { metadata: { id } });
      if (row.trashed_at !== null) throw new NimbusError("file_in_trash", undefined, { metadata: { id } });
      if (row.kind === FILE_KIND.file && !isComplete(row))
        throw new NimbusError("file_not_ready", undefined, { metadata: { id } });
    }
    if (request.expirationDays === 0) {
      throw new NimbusError("invalid_argument", "expiration_days is -1 (never) or a number of days", {
        metadata: { field: "expiration_days" },
      });
    }
    const passCode =
      request.passCode ??
      (request.passCodeOption === "REQUIRED" ? randomString(CODE_ALPHABET, GENERATED_CODE_LENGTH) : "");
    const first = byId.get(ids[0] as string);
    const title = request.title?.trim() || (first?.name ?? "");
    const now = deps.clock.now();
    const id = `VN${randomString(ID_ALPHABET, 18)}`;
    await deps.shares.create(
      {
        id,
        user_id: userId,
        title,
        share_to: passCode ? "encryptedlink" : "publiclink",
        pass_code: passCode,
        file_count: ids.length,
        expiration_days: request.expirationDays,
        expires_at: request.expirationDays > 0 ? now + request.expirationDays * DAY_MS : null,
        restore_limit: request.restoreLimit,
        review: deps.review ? "pending" : "none",
        created_at: now,
      },
      ids,
    );
    const url = shareUrl(deps.publicUrl, id);
    return { share_id: id, share_url: url, pass_code: passCode, share_text: shareText(title, url, passCode) };
  }

  /** My live shares, newest first; each with the status a visitor holding the passcode would see. */
  async list(
    userId: string,
    q: { limit?: number | undefined; pageToken?: string | undefined },
  ): Promise<ShareList> {
    const limit = q.limit ?? DEFAULT_PAGE_LIMIT;
    const before = q.pageToken ? readListToken(q.pageToken) : undefined;
    const rows = await this.deps.shares.listOwned(userId, limit + 1, before);
    const page = keysetPage(rows, limit, (last) => `${last.created_at}.${last.id}`);
    const data = [];
    for (const row of page.rows) {
      const access = await this.deps.access.check({ shareId: row.id, viewerId: userId, client: "owner" });
      const [firstId = ""] = await this.deps.shares.fileIds(row.id);
      const coolingDown = row.pass_code !== "" && (await this.deps.guard.coolingDown(row.id));
      // The owner sees what other visitors meet, even when their own setting lets them past.
      const status = access.sensitive ?? access.status;
      data.push(presentShare(row, firstId, status, this.deps.publicUrl, coolingDown));
    }
    return { kind: "drive#shareList", data, next_page_token: page.nextPageToken };
  }

  /** Cancels my shares among `ids` (others' ids are ignored): their links answer DELETED from now on. */
  cancel(userId: string, ids: readonly string[]): Promise<number> {
    return this.deps.shares.cancel(userId, ids, this.deps.clock.now());
  }
}

function randomString(alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** My shares page by (created_at, id), newest first. */
function readListToken(token: string): { createdAt: number; id: string } {
  const match = readPageToken(token, /^(\d{1,16})\.(VN[A-Za-z0-9]{18})$/);
  return { createdAt: Number(match[1]), id: match[2] as string };
}
