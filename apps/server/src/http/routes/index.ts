import type { Services } from "../../services.js";
import type { NimbusApp } from "../types.js";
import { areaAccessible } from "./access/area-accessible.js";
import { changeEmail } from "./accounts/change-email.js";
import { requestDeletion } from "./accounts/request-deletion.js";
import { twoFactorConfirm } from "./accounts/two-factor-confirm.js";
import { twoFactorDisable } from "./accounts/two-factor-disable.js";
import { twoFactorEnrol } from "./accounts/two-factor-enrol.js";
import { twoFactorRecoveryCodes } from "./accounts/two-factor-recovery-codes.js";
import { twoFactorStatus } from "./accounts/two-factor-status.js";
import { auditShare } from "./audit/audit-share.js";
import { listModeration } from "./audit/list-moderation.js";
import { reviewShares } from "./audit/review-shares.js";
import { authorize } from "./auth/authorize.js";
import { deviceCode } from "./auth/device-code.js";
import { deviceLookup } from "./auth/device-lookup.js";
import { deviceVerify } from "./auth/device-verify.js";
import { passwordReset } from "./auth/password-reset.js";
import { revoke } from "./auth/revoke.js";
import { listSessions } from "./auth/sessions-list.js";
import { revokeSession } from "./auth/sessions-revoke.js";
import { signin } from "./auth/signin.js";
import { signout } from "./auth/signout.js";
import { signup } from "./auth/signup.js";
import { token } from "./auth/token.js";
import { verification } from "./auth/verification.js";
import { verificationVerify } from "./auth/verification-verify.js";
import { decompress } from "./decompress/decompress.js";
import { listArchive } from "./decompress/list-archive.js";
import { about } from "./drive/about.js";
import { batchCopy } from "./drive/batch-copy.js";
import { batchDelete } from "./drive/batch-delete.js";
import { batchMove } from "./drive/batch-move.js";
import { batchTrash } from "./drive/batch-trash.js";
import { batchUntrash } from "./drive/batch-untrash.js";
import { createFile } from "./drive/create-file.js";
import { deleteTasks } from "./drive/delete-tasks.js";
import { download } from "./drive/download.js";
import { downloadZip } from "./drive/download-zip.js";
import { emptyTrash } from "./drive/empty-trash.js";
import { getAncestors } from "./drive/get-ancestors.js";
import { getFile } from "./drive/get-file.js";
import { getTask } from "./drive/get-task.js";
import { listEvents } from "./drive/list-events.js";
import { listFiles } from "./drive/list-files.js";
import { listTasks } from "./drive/list-tasks.js";
import { privilegeAreaCountryCode } from "./drive/privilege-area-country-code.js";
import { renameFile } from "./drive/rename-file.js";
import { starFiles } from "./drive/star-files.js";
import { thumbnail } from "./drive/thumbnail.js";
import { unstarFiles } from "./drive/unstar-files.js";
import { uploadForm } from "./drive/upload-form.js";
import { uploadTus } from "./drive/upload-tus.js";
import { zipLink } from "./drive/zip-link.js";
import { healthz, readyz } from "./health/health.js";
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
import { me } from "./user/me.js";
import { unsubscribe } from "./user/unsubscribe.js";
import { updateMe } from "./user/update-me.js";

/** Every API operation, one module each, grouped by the service base they live under. */
const ROUTES: ReadonlyArray<(app: NimbusApp, services: Services) => void> = [
  healthz,
  readyz,
  captchaInit,
  challengePage,
  challengePow,
  challengeVerify,
  altchaScript,
  areaAccessible,
  privilegeAreaCountryCode,
  verification,
  verificationVerify,
  signup,
  signin,
  signout,
  passwordReset,
  changeEmail,
  twoFactorStatus,
  twoFactorEnrol,
  twoFactorConfirm,
  twoFactorRecoveryCodes,
  twoFactorDisable,
  requestDeletion,
  token,
  revoke,
  authorize,
  deviceCode,
  deviceLookup,
  deviceVerify,
  listSessions,
  revokeSession,
  me,
  updateMe,
  avatarUpload,
  avatar,
  changePassword,
  unsubscribe,
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
  listTasks,
  getTask,
  deleteTasks,
  createFile,
  uploadForm,
  uploadTus,
  download,
  zipLink,
  downloadZip,
  thumbnail,
  listArchive,
  decompress,
  createShare,
  listShares,
  deleteShares,
  getShare,
  shareDetail,
  shareFileInfo,
  shareBatchFileInfo,
  restoreShare,
  reportShare,
  auditShare,
  reviewShares,
  listModeration,
];

export function registerRoutes(app: NimbusApp, services: Services): void {
  for (const route of ROUTES) route(app, services);
}
