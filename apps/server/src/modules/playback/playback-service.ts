import { FILE_KIND, NimbusError, type PlaybackPlan, type PlaybackRequest } from "@nimbus/protocol";
import type { FilesRepository } from "../files/index.js";
import type { Visit } from "../shares/share-access.js";
import type { ShareVisits } from "../shares/share-visits.js";
import type { UsersRepository } from "../users/users-repository.js";
import type { PlaybackPlans } from "./playback-plans.js";

export interface PlaybackServiceDeps {
  plans: PlaybackPlans;
  files: Pick<FilesRepository, "findOwned">;
  users: Pick<UsersRepository, "sessionGeneration">;
}

/** The plan routes' entry: a file of the caller's drive, or of a share through the share's checks. */
export class PlaybackService {
  constructor(private readonly deps: PlaybackServiceDeps) {}

  async planForUser(userId: string, fileId: string, request: PlaybackRequest): Promise<PlaybackPlan> {
    const file = await this.deps.files.findOwned(userId, fileId);
    if (!file || file.kind !== FILE_KIND.file || file.trashed_at !== null) {
      throw new NimbusError("file_not_found", undefined, { metadata: { id: fileId } });
    }
    if (file.phase !== "PHASE_TYPE_COMPLETE" || !file.blob_gcid) throw new NimbusError("file_not_ready");
    const holder = { userId, generation: await this.deps.users.sessionGeneration(userId) };
    return this.deps.plans.plan(file, request, userId, holder);
  }

  async planForShare(
    shareVisits: Pick<ShareVisits, "playableFile">,
    visit: Visit,
    fileId: string,
    request: PlaybackRequest,
  ): Promise<PlaybackPlan> {
    const { file, holder } = await shareVisits.playableFile(visit, fileId);
    const viewerId = visit.viewerId ?? "";
    return this.deps.plans.plan(file, request, viewerId, holder, viewerId || `ip:${visit.client}`);
  }
}
