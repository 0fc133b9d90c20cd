import type { Services } from "../../services.js";
import { AUTH_SCOPES, type AuthScope, registerInScope, scopeHooks } from "../plugins/auth-scopes.js";
import type { NimbusApp } from "../types.js";
import { areaAccessible } from "./access/area-accessible.js";
import { clientIp } from "./access/client-ip.js";
import { changeEmail } from "./accounts/change-email.js";
import { requestDeletion } from "./accounts/request-deletion.js";
import { twoFactorConfirm } from "./accounts/two-factor-confirm.js";
import { twoFactorDisable } from "./accounts/two-factor-disable.js";
import { twoFactorEnrol } from "./accounts/two-factor-enrol.js";
import { twoFactorRecoveryCodes } from "./accounts/two-factor-recovery-codes.js";
import { twoFactorStatus } from "./accounts/two-factor-status.js";
import { adminCampaignWindows } from "./admin/campaign-windows.js";
import { createCodes } from "./admin/create-codes.js";
import { adminDashboard } from "./admin/dashboard.js";
import { exportCodes } from "./admin/export-codes.js";
import { getConfig } from "./admin/get-config.js";
import { listAdminActions } from "./admin/list-actions.js";
import { listCodeBatches } from "./admin/list-code-batches.js";
import { listConfigVersions } from "./admin/list-config-versions.js";
import { adminListFeedback } from "./admin/list-feedback.js";
import { adminProducts } from "./admin/products.js";
import { replyFeedback } from "./admin/reply-feedback.js";
import { revokeCodes } from "./admin/revoke-codes.js";
import { rollbackConfig } from "./admin/rollback-config.js";
import { changeSensitiveWords, listSensitiveWords } from "./admin/sensitive-words.js";
import { updateConfig } from "./admin/update-config.js";
import { adminUserActions, adminUsers } from "./admin/users.js";
import { appBuild } from "./app/build.js";
import { auditShare } from "./audit/audit-share.js";
import { dismissReports } from "./audit/dismiss-reports.js";
import { listModeration } from "./audit/list-moderation.js";
import { reviewShares } from "./audit/review-shares.js";
import { authorize } from "./auth/authorize.js";
import { codeAccount } from "./auth/code-account.js";
import { deviceCode } from "./auth/device-code.js";
import { deviceLookup } from "./auth/device-lookup.js";
import { deviceVerify } from "./auth/device-verify.js";
import { passwordReset } from "./auth/password-reset.js";
import { providerAuthorize } from "./auth/provider-authorize.js";
import { providerCallback } from "./auth/provider-callback.js";
import { providers } from "./auth/providers.js";
import { revoke } from "./auth/revoke.js";
import { listSessions } from "./auth/sessions-list.js";
import { revokeSession } from "./auth/sessions-revoke.js";
import { signin } from "./auth/signin.js";
import { signout } from "./auth/signout.js";
import { signup } from "./auth/signup.js";
import { token } from "./auth/token.js";
import { verification } from "./auth/verification.js";
import { verificationVerify } from "./auth/verification-verify.js";
import { configActivityOperation } from "./config/activity-operation.js";
import { configBasic } from "./config/basic.js";
import { configDebugOptions } from "./config/debug-options.js";
import { configExternalProducts } from "./config/external-products.js";
import { configResources } from "./config/resources.js";
import { decompress } from "./decompress/decompress.js";
import { listArchive } from "./decompress/list-archive.js";
import { about } from "./drive/about.js";
import { appDownload } from "./drive/app-download.js";
import { batchCopy } from "./drive/batch-copy.js";
import { batchDelete } from "./drive/batch-delete.js";
import { batchMove } from "./drive/batch-move.js";
import { batchTrash } from "./drive/batch-trash.js";
import { batchUntrash } from "./drive/batch-untrash.js";
import { createFeedback } from "./drive/create-feedback.js";
import { createFile } from "./drive/create-file.js";
import { deleteTasks } from "./drive/delete-tasks.js";
import { download } from "./drive/download.js";
import { downloadStatistics } from "./drive/download-statistics.js";
import { downloadZip } from "./drive/download-zip.js";
import { emptyTrash } from "./drive/empty-trash.js";
import { getAncestors } from "./drive/get-ancestors.js";
import { getFile } from "./drive/get-file.js";
import { getTask } from "./drive/get-task.js";
import { listEvents } from "./drive/list-events.js";
import { listFeedback } from "./drive/list-feedback.js";
import { listFiles } from "./drive/list-files.js";
import { listTasks } from "./drive/list-tasks.js";
import { privilegeAreaCountryCode } from "./drive/privilege-area-country-code.js";
import { renameFile } from "./drive/rename-file.js";
import { resourceList } from "./drive/resource-list.js";
import { starFiles } from "./drive/star-files.js";
import { taskCommand } from "./drive/task-command.js";
import { thumbnail } from "./drive/thumbnail.js";
import { transparencyReport } from "./drive/transparency-report.js";
import { unstarFiles } from "./drive/unstar-files.js";
import { uploadForm } from "./drive/upload-form.js";
import { uploadTus, uploadTusCapabilities } from "./drive/upload-tus.js";
import { waitEvents } from "./drive/wait-events.js";
import { zipLink } from "./drive/zip-link.js";
import { healthz, readyz } from "./health/health.js";
import { metrics } from "./health/metrics.js";
import { cancelSubscription } from "./membership/cancel-subscription.js";
import { createOrder } from "./membership/create-order.js";
import { getOrder } from "./membership/get-order.js";
import { listOrders } from "./membership/list-orders.js";
import { membershipSummary } from "./membership/membership-summary.js";
import { privilegeVip } from "./membership/privilege-vip.js";
import { products } from "./membership/products.js";
import { resumeSubscription } from "./membership/resume-subscription.js";
import { sandboxOrder } from "./membership/sandbox-order.js";
import { sandboxSettle } from "./membership/sandbox-settle.js";
import { stripeWebhook } from "./membership/stripe-webhook.js";
import { playbackRoutes } from "./playback/index.js";
import { createShare } from "./share/create-share.js";
import { deleteShares } from "./share/delete-shares.js";
import { getShare } from "./share/get-share.js";
import { listShares } from "./share/list-shares.js";
import { reportShare } from "./share/report-share.js";
import { restoreShare } from "./share/restore-share.js";
import { shareBatchFileInfo } from "./share/share-batch-file-info.js";
import { shareDetail } from "./share/share-detail.js";
import { shareFileInfo } from "./share/share-file-info.js";
import { altchaScript } from "./shield/altcha-script.js";
import { captchaInit } from "./shield/captcha-init.js";
import { challengePage } from "./shield/challenge-page.js";
import { challengePow } from "./shield/challenge-pow.js";
import { challengeVerify } from "./shield/challenge-verify.js";
import { avatar } from "./user/avatar.js";
import { avatarUpload } from "./user/avatar-upload.js";
import { changePassword } from "./user/change-password.js";
import { createAppPassword } from "./user/create-app-password.js";
import { listAppPasswords } from "./user/list-app-passwords.js";
import { me } from "./user/me.js";
import { providerUnlink } from "./user/provider-unlink.js";
import { revokeAppPassword } from "./user/revoke-app-password.js";
import { userSettings } from "./user/settings.js";
import { unsubscribe } from "./user/unsubscribe.js";
import { updateMe } from "./user/update-me.js";
import { updateUserSettings } from "./user/update-settings.js";
import { campaigns } from "./vip/campaigns.js";
import { compensate } from "./vip/compensate.js";
import { invite } from "./vip/invite.js";
import { invitePage } from "./vip/invite-page.js";
import { redeemCode } from "./vip/redeem-code.js";
import { rewardVip } from "./vip/reward-vip.js";
import { taskStatus } from "./vip/task-status.js";
import { verifyRecaptchaToken } from "./vip/verify-recaptcha-token.js";

type Route = (app: NimbusApp, services: Services) => void;

/** Open to anyone. The signed-link downloads are here: the signed link is the credential. */
const publicRoutes: ReadonlyArray<Route> = [
  healthz,
  readyz,
  captchaInit,
  challengePage,
  challengePow,
  challengeVerify,
  altchaScript,
  areaAccessible,
  clientIp,
  appBuild,
  privilegeAreaCountryCode,
  verificationVerify,
  signup,
  signin,
  passwordReset,
  providers,
  providerCallback,
  token,
  revoke,
  deviceCode,
  codeAccount,
  avatar,
  unsubscribe,
  uploadTusCapabilities,
  download,
  downloadZip,
  thumbnail,
  campaigns,
  verifyRecaptchaToken,
  downloadStatistics,
  transparencyReport,
  appDownload,
  metrics,
  stripeWebhook,
  ...playbackRoutes.public,
];

/** Open to anyone; a signed-in caller is identified (`request.principal`), a stale cookie is anonymous. */
const optionalUserRoutes: ReadonlyArray<Route> = [
  verification,
  providerAuthorize,
  getShare,
  shareDetail,
  shareFileInfo,
  shareBatchFileInfo,
  reportShare,
  configBasic,
  configResources,
  configExternalProducts,
  configActivityOperation,
  configDebugOptions,
  products,
  ...playbackRoutes["optional-user"],
];

/** A signed-in caller (401 otherwise), holding the scope the path needs (`pan`, `user`). */
const signedInRoutes: ReadonlyArray<Route> = [
  signout,
  providerUnlink,
  changeEmail,
  twoFactorStatus,
  twoFactorEnrol,
  twoFactorConfirm,
  twoFactorRecoveryCodes,
  twoFactorDisable,
  requestDeletion,
  authorize,
  deviceLookup,
  deviceVerify,
  listSessions,
  revokeSession,
  me,
  updateMe,
  userSettings,
  updateUserSettings,
  avatarUpload,
  changePassword,
  createAppPassword,
  listAppPasswords,
  revokeAppPassword,
  about,
  listFiles,
  getFile,
  getAncestors,
  renameFile,
  batchMove,
  batchCopy,
  batchTrash,
  batchUntrash,
  batchDelete,
  emptyTrash,
  starFiles,
  unstarFiles,
  listEvents,
  waitEvents,
  listTasks,
  getTask,
  deleteTasks,
  taskCommand,
  resourceList,
  createFile,
  uploadForm,
  uploadTus,
  zipLink,
  listArchive,
  decompress,
  createShare,
  listShares,
  deleteShares,
  restoreShare,
  redeemCode,
  invite,
  invitePage,
  taskStatus,
  rewardVip,
  compensate,
  createFeedback,
  listFeedback,
  privilegeVip,
  createOrder,
  getOrder,
  listOrders,
  membershipSummary,
  cancelSubscription,
  resumeSubscription,
  sandboxOrder,
  sandboxSettle,
  ...playbackRoutes["signed-in"],
];

/** A signed-in admin (401, then 403 `permission_denied`). */
const adminRoutes: ReadonlyArray<Route> = [
  auditShare,
  dismissReports,
  reviewShares,
  listModeration,
  createCodes,
  listCodeBatches,
  exportCodes,
  revokeCodes,
  getConfig,
  updateConfig,
  listConfigVersions,
  rollbackConfig,
  adminListFeedback,
  replyFeedback,
  adminDashboard,
  adminUsers,
  adminUserActions,
  listSensitiveWords,
  changeSensitiveWords,
  adminProducts,
  adminCampaignWindows,
  listAdminActions,
];

/**
 * Every API operation, one module each, registered in the scope that decides who may
 * call it: each group gets its own context holding that scope's one auth hook.
 */
export function registerRoutes(app: NimbusApp, services: Services): void {
  const hooks = scopeHooks(services.auth, services.admins);
  const groups: Record<AuthScope, ReadonlyArray<Route>> = {
    public: publicRoutes,
    "optional-user": optionalUserRoutes,
    "signed-in": signedInRoutes,
    admin: adminRoutes,
  };
  for (const scope of AUTH_SCOPES) {
    registerInScope(app, scope, hooks[scope], (scoped) => {
      for (const route of groups[scope]) route(scoped, services);
    });
  }
}
