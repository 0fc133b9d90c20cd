import { NimbusError } from "@nimbus/protocol";
import type { LinkHolder } from "../links/download-links.js";
import type { UsersRepository } from "../users/users-repository.js";

export interface ShareLinkStanding {
  /** Whether a link handed out through the share may still serve the file (to `holderId`, '' anonymous). */
  stillServes(shareId: string, fileId: string, holderId: string): Promise<boolean>;
}

/**
 * A signed link proves what it was made for, not that it is still allowed: each use
 * checks that its user has not since signed out everywhere or changed the password
 * (the session generation moved on) and that the share it came through still serves
 * the file. Either failing answers `link_expired`, like an expired link.
 */
export class LinkChecks {
  constructor(
    private readonly users: Pick<UsersRepository, "sessionGeneration">,
    private readonly shares: ShareLinkStanding,
  ) {}

  async assertLive(holder: LinkHolder, fileIds: readonly string[]): Promise<void> {
    if (holder.userId && (await this.users.sessionGeneration(holder.userId)) !== holder.generation) {
      throw new NimbusError("link_expired", "signed out since the link was made");
    }
    if (!holder.shareId) return;
    for (const fileId of fileIds) {
      if (!(await this.shares.stillServes(holder.shareId, fileId, holder.userId))) {
        throw new NimbusError("link_expired", "the share no longer serves this file");
      }
    }
  }
}
