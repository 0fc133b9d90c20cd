import type { Locale, ShareStatus } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import { equalSecret } from "../../lib/constant-time.js";
import type { FileRow } from "../files/index.js";
import type { PassCodeGuard } from "./pass-code-guard.js";
import type { PassCodeTokens } from "./pass-code-tokens.js";
import { blockedVerdict, liveRoots } from "./share-tree.js";
import type { ShareRow, SharesRepository } from "./shares-repository.js";

/** Who asks, and with which proof of the passcode. */
export interface Visit {
  shareId: string;
  passCode?: string | undefined;
  passCodeToken?: string | undefined;
  /** The signed-in visitor, if any (the owner needs no passcode). */
  viewerId?: string | undefined;
  /**
   * Whose `displaySensitiveShare` setting decides whether SENSITIVE_RESOURCE and
   * SENSITIVE_WORD let them past (default: `viewerId`; a share link's use names its holder).
   */
  sensitiveViewerId?: string | undefined;
  /** The client's address: passcode guessing is limited per share and client. */
  client: string;
  /** For `share_status_text` (default en-US). */
  locale?: Locale | undefined;
}

export interface ShareAccess {
  status: ShareStatus;
  share?: ShareRow;
  /** The live shared items (present once the share exists). */
  roots: FileRow[];
  /** A token issued for a correct `passCode`; '' otherwise. */
  issuedToken: string;
  /**
   * The sensitive result the viewer was let past (their `displaySensitiveShare` is on):
   * the page shows the content behind a cover.
   */
  sensitive?: SensitiveStatus;
}

export type SensitiveStatus = "SENSITIVE_RESOURCE" | "SENSITIVE_WORD";

export interface ShareAccessDeps {
  db: Db;
  shares: SharesRepository;
  tokens: PassCodeTokens;
  guard: PassCodeGuard;
  clock: Clock;
  /** The words of the SENSITIVE_WORD check (configured and added in the console). */
  sensitiveWords: { all(): Promise<readonly string[]> };
  /** Whether a signed-in viewer chose to see sensitive shares (user setting `displaySensitiveShare`). */
  displaysSensitive(userId: string): Promise<boolean>;
}

/**
 * The share-link check of spec §4: each result from its real condition, in this
 * order — unknown id (NOT_FOUND); cancelled, or every shared item gone (DELETED);
 * waiting for review (AUDITING) or rejected (PROHIBITED); past its expiry
 * (EXPIRED); content an admin blocked by GCID (PROHIBITED / SENSITIVE_RESOURCE);
 * a sensitive word (configured or added by an admin) in the title or a shared item's name
 * (SENSITIVE_WORD); its restore limit used up (MAX_RESTORE_COUNT); then the
 * passcode: none given or no valid token (PASS_CODE_EMPTY), wrong (PASS_CODE_ERROR), else OK.
 * A signed-in viewer whose `displaySensitiveShare` is on goes past SENSITIVE_RESOURCE and
 * SENSITIVE_WORD (nothing else), and the answer names what they went past (`sensitive`).
 * Wrong passcodes count towards the guessing limits (`captcha_required` per client,
 * `share_pass_code_cooling_down` per share).
 */
export class ShareAccessChecker {
  constructor(private readonly deps: ShareAccessDeps) {}

  async check(visit: Visit): Promise<ShareAccess> {
    const { deps } = this;
    const share = await deps.shares.find(visit.shareId);
    if (!share) return { status: "NOT_FOUND", roots: [], issuedToken: "" };
    const found = (status: ShareStatus, roots: FileRow[] = [], issuedToken = ""): ShareAccess => ({
      status,
      share,
      roots,
      issuedToken,
    });
    if (share.deleted_at !== null) return found("DELETED");
    const roots = await liveRoots(deps.db, share.user_id, await deps.shares.fileIds(share.id));
    if (roots.length === 0) return found("DELETED");
    if (share.review === "pending") return found("AUDITING");
    if (share.review === "rejected") return found("PROHIBITED");
    const now = deps.clock.now();
    if (share.expires_at !== null && share.expires_at <= now) return found("EXPIRED");
    const verdict = await blockedVerdict(
      deps.db,
      share.user_id,
      roots.map((row) => row.id),
    );
    if (verdict === "PROHIBITED") return found(verdict);
    let sensitive: SensitiveStatus | undefined = verdict;
    if (!sensitive && (await this.hasSensitiveWord([share.title, ...roots.map((row) => row.name)])))
      sensitive = "SENSITIVE_WORD";
    if (sensitive && !(await this.letsPast(visit))) return found(sensitive);
    const passed = (access: ShareAccess): ShareAccess => (sensitive ? { ...access, sensitive } : access);
    if (share.restore_limit >= 0 && share.restore_count >= share.restore_limit)
      return passed(found("MAX_RESTORE_COUNT"));
    if (share.pass_code === "" || visit.viewerId === share.user_id) return passed(found("OK", roots));
    return this.checkPassCode(share, visit, now, (status, token) =>
      passed(found(status, status === "OK" ? roots : [], token)),
    );
  }

  private async letsPast(visit: Visit): Promise<boolean> {
    const viewerId = visit.sensitiveViewerId ?? visit.viewerId;
    return viewerId ? this.deps.displaysSensitive(viewerId) : false;
  }

  private async checkPassCode(
    share: ShareRow,
    visit: Visit,
    now: number,
    result: (status: ShareStatus, token?: string) => ShareAccess,
  ): Promise<ShareAccess> {
    const { tokens, guard } = this.deps;
    if (visit.passCode !== undefined && visit.passCode !== "") {
      await guard.attempt(share.id, visit.client);
      if (!equalSecret(visit.passCode.toLowerCase(), share.pass_code.toLowerCase())) {
        await guard.failed(share.id, visit.client);
        return result("PASS_CODE_ERROR");
      }
      await guard.succeeded(share.id, visit.client);
      return result("OK", tokens.issue(share.id, share.pass_code, now));
    }
    // An expired token, or one of another share, asks for the passcode again (it is no wrong guess).
    if (visit.passCodeToken && tokens.verify(visit.passCodeToken, share.id, share.pass_code, now)) {
      return result("OK");
    }
    return result("PASS_CODE_EMPTY");
  }

  private async hasSensitiveWord(texts: readonly string[]): Promise<boolean> {
    const words = await this.deps.sensitiveWords.all();
    if (words.length === 0) return false;
    return texts.some((text) => {
      const folded = text.toLowerCase();
      return words.some((word) => folded.includes(word));
    });
  }
}
