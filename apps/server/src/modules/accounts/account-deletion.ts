import {
  ACCOUNT_DELETION_GRACE_S,
  type AccountDeletionRequest,
  type AccountDeletionResponse,
  NimbusError,
} from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import { type Clock, isoTime } from "../../lib/clock.js";
import { lockUser, releaseBlobReferences } from "../accounting/storage-accounting.js";
import type { AuthService } from "../auth/auth-service.js";
import { verifyPassword } from "../auth/passwords.js";
import { blobReferencesOf, deleteDriveOf } from "../files/index.js";
import { deleteUser, findUser } from "../users/users-repository.js";
import type { AccountsRepository } from "./accounts-repository.js";
import type { VerificationService } from "./verification-service.js";

const BATCH = 20;

export interface AccountDeletionDeps {
  db: Db;
  accounts: AccountsRepository;
  auth: AuthService;
  verifications: VerificationService;
  clock: Clock;
}

/**
 * Account deletion with a cancellation period: a request (proven by the password or
 * a DELETE_ACCOUNT code) ends every session and sets the due time; signing in with
 * `cancel_deletion` cancels it; after the period the purge job deletes the account.
 */
export class AccountDeletion {
  constructor(private readonly deps: AccountDeletionDeps) {}

  async request(userId: string, proof: AccountDeletionRequest): Promise<AccountDeletionResponse> {
    const { accounts, clock } = this.deps;
    const user = await accounts.findById(userId);
    if (!user) throw new NimbusError("unauthenticated", "account no longer exists");
    if (proof.password !== undefined) {
      if (!user.password_hash || !(await verifyPassword(user.password_hash, proof.password))) {
        throw new NimbusError("invalid_password");
      }
    } else {
      // Never without a proof, whatever the caller's schema let through.
      await this.deps.verifications.consume(proof.verification_token ?? "", ["DELETE_ACCOUNT"], userId);
    }
    const now = clock.now();
    const due = now + ACCOUNT_DELETION_GRACE_S * 1000;
    await accounts.update(userId, { deletion_requested_at: now, deletion_due_at: due }, now);
    await this.deps.auth.revokeAllSessions(userId);
    return { delete_at: isoTime(due) };
  }

  async cancel(userId: string): Promise<void> {
    await this.deps.accounts.update(
      userId,
      { deletion_requested_at: null, deletion_due_at: null },
      this.deps.clock.now(),
    );
  }

  /** Deletes every account whose period has passed; answers how many went. */
  async purgeDue(): Promise<number> {
    let purged = 0;
    for (;;) {
      const due = await this.deps.accounts.dueForDeletion(this.deps.clock.now(), BATCH);
      for (const id of due) if (await this.purge(id, { dueOnly: true })) purged++;
      if (due.length < BATCH) return purged;
    }
  }

  /**
   * Deletes an account at once, without the cancellation period (an admin's deletion):
   * its sessions end, then the same purge as after the period. False when it was gone already.
   */
  async deleteNow(userId: string): Promise<boolean> {
    await this.deps.auth.revokeAllSessions(userId);
    return this.purge(userId, { dueOnly: false });
  }

  /**
   * One account, in one transaction: its files' blob references are released (a blob
   * at zero waits for GC, as after a permanent delete), then the user row goes and
   * everything of theirs with it (sessions, files, uploads, shares, space holds, grants:
   * foreign keys cascade). With `dueOnly`, re-checks the due time under the user's lock,
   * so a cancellation that won the race stands.
   */
  private purge(userId: string, { dueOnly }: { dueOnly: boolean }): Promise<boolean> {
    return this.deps.db.transaction().execute(async (trx) => {
      await lockUser(trx, userId);
      const now = this.deps.clock.now();
      const user = await findUser(trx, userId);
      if (!user) return false;
      if (dueOnly && (user.deletion_due_at === null || Number(user.deletion_due_at) > now)) return false;
      const blobs = await blobReferencesOf(trx, userId);
      await deleteDriveOf(trx, userId);
      await releaseBlobReferences(trx, blobs, now);
      await deleteUser(trx, userId);
      return true;
    });
  }
}
