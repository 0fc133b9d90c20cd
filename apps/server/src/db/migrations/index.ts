import type { Migration } from "kysely";
import type { DialectName } from "../database.js";
import { initial } from "./0001_initial.js";
import { filesEngine } from "./0002_files_engine.js";
import { uploads } from "./0003_uploads.js";
import { downloadsPreviews } from "./0004_downloads_previews.js";
import { accounts } from "./0005_accounts.js";
import { grantsSessions } from "./0006_grants_sessions.js";
import { shares } from "./0007_shares.js";
import { authCodeReuse } from "./0008_auth_code_reuse.js";
import { sessionGeneration } from "./0009_session_generation.js";
import { jobGroupsSpaceHolds } from "./0010_job_groups_space_holds.js";
import { offlineDownloads } from "./0011_offline_downloads.js";
import { membership } from "./0013_membership.js";
import { rewards } from "./0014_rewards.js";
import { operators } from "./0015_operators.js";
import { jobSchedules } from "./0016_job_schedules.js";
import { lazyBlobSha256 } from "./0017_lazy_blob_sha256.js";
import { moderationActions } from "./0018_moderation_actions.js";
import { userSettings } from "./0021_user_settings.js";
import { externalIdentities } from "./0023_external_identities.js";
import { adminCommerce } from "./0025_admin_commerce.js";
import { yearlyCampaigns } from "./0026_yearly_campaigns.js";
import { appPasswords } from "./0027_app_passwords.js";
import { davProperties } from "./0028_dav_properties.js";
import { mediaStreams } from "./0029_media_streams.js";
import { playbackPositions } from "./0030_playback_positions.js";
import { davLocks } from "./0031_dav_locks.js";
import { blobCrc32 } from "./0032_blob_crc32.js";
import { reportDismissals } from "./0033_report_dismissals.js";
import { blockSha256 } from "./0035_block_sha256.js";

/** Every migration, in order. Names sort lexically; never rename or edit a shipped one. */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    "0001_initial": initial(dialect),
    "0002_files_engine": filesEngine(dialect),
    "0003_uploads": uploads(dialect),
    "0004_downloads_previews": downloadsPreviews(dialect),
    "0005_accounts": accounts(dialect),
    "0006_grants_sessions": grantsSessions(dialect),
    "0007_shares": shares(dialect),
    "0008_auth_code_reuse": authCodeReuse(dialect),
    "0009_session_generation": sessionGeneration(dialect),
    "0010_job_groups_space_holds": jobGroupsSpaceHolds(dialect),
    "0011_offline_downloads": offlineDownloads(dialect),
    "0013_membership": membership(dialect),
    "0014_rewards": rewards(dialect),
    "0015_operators": operators(dialect),
    "0016_job_schedules": jobSchedules(dialect),
    "0017_lazy_blob_sha256": lazyBlobSha256(dialect),
    "0018_moderation_actions": moderationActions(dialect),
    "0021_user_settings": userSettings(dialect),
    "0023_external_identities": externalIdentities(dialect),
    "0025_admin_commerce": adminCommerce(dialect),
    "0026_yearly_campaigns": yearlyCampaigns(dialect),
    "0027_app_passwords": appPasswords(dialect),
    "0028_dav_properties": davProperties(dialect),
    "0029_media_streams": mediaStreams(dialect),
    "0030_playback_positions": playbackPositions(dialect),
    "0031_dav_locks": davLocks(dialect),
    "0032_blob_crc32": blobCrc32(dialect),
    "0033_report_dismissals": reportDismissals(dialect),
    "0035_block_sha256": blockSha256(dialect),
  };
}
