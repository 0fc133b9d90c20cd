import { z } from "zod";
import { THUMBNAIL_SIZES } from "../../drive.js";
import {
  areaAccessibleResponseSchema,
  areaCountryCodeResponseSchema,
  clientIpResponseSchema,
} from "../access.js";
import {
  accountDeletionRequestSchema,
  accountDeletionResponseSchema,
  changeEmailRequestSchema,
  changeEmailResponseSchema,
  passwordResetRequestSchema,
  recoveryCodesResponseSchema,
  signinRequestSchema,
  signupRequestSchema,
  twoFactorCodeRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
  verificationRequestSchema,
  verificationResponseSchema,
  verifyRequestSchema,
  verifyResponseSchema,
} from "../accounts.js";
import { ancestorsSchema } from "../ancestors.js";
import { appBuildResponseSchema } from "../app-build.js";
import {
  appPasswordListSchema,
  appPasswordParamsSchema,
  createAppPasswordRequestSchema,
  createdAppPasswordSchema,
} from "../app-passwords.js";
import { archiveListRequestSchema, archiveListSchema, decompressRequestSchema } from "../archives.js";
import {
  captchaChallengeQuerySchema,
  captchaInitRequestSchema,
  captchaInitResponseSchema,
  captchaVerifyRequestSchema,
  captchaVerifyResponseSchema,
} from "../captcha.js";
import {
  adminActionListQuerySchema,
  adminActionListSchema,
  adminDashboardSchema,
  adminDeleteUserRequestSchema,
  adminDeleteUserResponseSchema,
  adminGrantPremiumRequestSchema,
  adminUserDetailSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserParamsSchema,
  transparencyQuerySchema,
  transparencyReportSchema,
} from "../console.js";
import {
  adminCampaignListSchema,
  adminCampaignSchema,
  adminProductListSchema,
  adminProductSchema,
  campaignParamsSchema,
  productParamsSchema,
  sensitiveWordListQuerySchema,
  sensitiveWordListSchema,
  sensitiveWordRequestSchema,
  sensitiveWordSchema,
  setCampaignWindowRequestSchema,
  setPriceRequestSchema,
} from "../console-commerce.js";
import { signedLinkQuery, zipLinkRequestSchema, zipLinkSchema } from "../downloads.js";
import { eventListSchema, eventWaitSchema, listEventsQuerySchema, waitEventsQuerySchema } from "../events.js";
import {
  batchIdsRequestSchema,
  batchMoveRequestSchema,
  batchResultSchema,
  renameFileRequestSchema,
} from "../file-operations.js";
import { aboutSchema, fileListSchema, fileSchema, listFilesQuerySchema } from "../files.js";
import {
  authorizeRequestSchema,
  authorizeResponseSchema,
  codeAccountRequestSchema,
  codeAccountResponseSchema,
  deviceCodeRequestSchema,
  deviceCodeResponseSchema,
  deviceLookupQuerySchema,
  deviceLookupResponseSchema,
  deviceVerifyRequestSchema,
  deviceVerifyResponseSchema,
  grantTokenResponseSchema,
  revokeRequestSchema,
  sessionIdParamsSchema,
  sessionListResponseSchema,
  signoutQuerySchema,
  signoutResponseSchema,
  tokenRequestSchema,
} from "../grants.js";
import { healthStatusSchema } from "../health.js";
import {
  createOrderRequestSchema,
  createOrderResponseSchema,
  listOrdersQuerySchema,
  membershipResponseSchema,
  orderListSchema,
  orderParamsSchema,
  orderResponseSchema,
  privilegeVipResponseSchema,
  productsQuerySchema,
  productsResponseSchema,
  sandboxOrderResponseSchema,
  sandboxSettleRequestSchema,
  stripeWebhookResponseSchema,
  subscriptionChangeRequestSchema,
} from "../membership.js";
import { resourceListRequestSchema, resourceListSchema } from "../offline.js";
import {
  activityOperationConfigSchema,
  adminConfigSchema,
  adminFeedbackListQuerySchema,
  adminFeedbackListSchema,
  appPlatformParamsSchema,
  basicConfigSchema,
  configRequestSchema,
  configVersionListSchema,
  configVersionParamsSchema,
  debugOptionsConfigSchema,
  downloadStatisticsSchema,
  externalProductsConfigSchema,
  feedbackListSchema,
  feedbackReplyRequestSchema,
  feedbackRequestSchema,
  feedbackSchema,
  resourcesConfigSchema,
  updateConfigRequestSchema,
} from "../operators.js";
import {
  listSubtitlesQuerySchema,
  playbackPlanSchema,
  playbackRequestSchema,
  savePlaybackPositionSchema,
  sharePlaybackRequestSchema,
  subtitleListSchema,
} from "../playback.js";
import {
  campaignListQuerySchema,
  campaignListSchema,
  codeBatchListQuerySchema,
  codeBatchListSchema,
  codeBatchParamsSchema,
  compensateRequestSchema,
  compensateResponseSchema,
  createCodesRequestSchema,
  createCodesResponseSchema,
  invitePageQuerySchema,
  invitePageSchema,
  inviteRequestSchema,
  inviteResponseSchema,
  redeemCodeRequestSchema,
  redeemCodeResponseSchema,
  revokeCodesResponseSchema,
  rewardVipRequestSchema,
  rewardVipResponseSchema,
  taskStatusQuerySchema,
  taskStatusSchema,
  verifyRecaptchaRequestSchema,
  verifyRecaptchaResponseSchema,
} from "../rewards.js";
import {
  auditListQuerySchema,
  auditShareRequestSchema,
  auditShareResponseSchema,
  createShareRequestSchema,
  createShareResponseSchema,
  deleteSharesRequestSchema,
  dismissReportsRequestSchema,
  dismissReportsResponseSchema,
  emptyResponseSchema,
  getShareQuerySchema,
  listSharesQuerySchema,
  reportShareRequestSchema,
  restoreShareRequestSchema,
  restoreShareResponseSchema,
  reviewShareListSchema,
  reviewSharesRequestSchema,
  shareBatchFileInfoRequestSchema,
  shareBatchFileInfoResponseSchema,
  shareDetailQuerySchema,
  shareFileInfoQuerySchema,
  shareFileInfoResponseSchema,
  shareFilesResponseSchema,
  shareListSchema,
  shareReportListSchema,
} from "../shares.js";
import {
  providerAuthorizeQuerySchema,
  providerCallbackQuerySchema,
  providerParamsSchema,
  signInProvidersResponseSchema,
} from "../sign-in-providers.js";
import {
  deleteTasksQuerySchema,
  listTasksQuerySchema,
  taskCommandRequestSchema,
  taskListSchema,
  taskSchema,
} from "../tasks.js";
import { createFileAnswerSchema, createFileBodySchema, tusUploadParamsSchema } from "../uploads.js";
import {
  avatarParamsSchema,
  avatarQuerySchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  unsubscribeInfoSchema,
  unsubscribeQuerySchema,
  unsubscribeRequestSchema,
  updateMeRequestSchema,
  updateUserSettingsRequestSchema,
  userMeSchema,
  userSettingsSchema,
} from "../user.js";
import { defineEndpoint } from "./define.js";
import { endpointLocations } from "./locations.js";

/** `{ids}` in, `{task_id}` out: the shape of the `files:batchTrash`-style calls. */
const batchIds = { body: batchIdsRequestSchema, response: { 200: batchResultSchema } } as const;
const reviewShares = { body: reviewSharesRequestSchema, response: { 200: emptyResponseSchema } } as const;

/**
 * The API contract: every operation's location and schemas. The server registers its
 * routes from it (and so `/openapi.json`); the web calls it through `nimbusApi` (web.ts).
 */
export const endpoints = {
  access: {
    areaAccessible: defineEndpoint(endpointLocations.access.areaAccessible, {
      response: { 200: areaAccessibleResponseSchema },
    }),
    clientIp: defineEndpoint(endpointLocations.access.clientIp, {
      response: { 200: clientIpResponseSchema },
    }),
  },
  app: {
    build: defineEndpoint(endpointLocations.app.build, {
      response: { 200: appBuildResponseSchema },
    }),
  },
  accounts: {
    changeEmail: defineEndpoint(endpointLocations.accounts.changeEmail, {
      body: changeEmailRequestSchema,
      response: { 200: changeEmailResponseSchema },
    }),
    requestDeletion: defineEndpoint(endpointLocations.accounts.requestDeletion, {
      body: accountDeletionRequestSchema,
      response: { 200: accountDeletionResponseSchema },
    }),
    twoFactorConfirm: defineEndpoint(endpointLocations.accounts.twoFactorConfirm, {
      body: twoFactorCodeRequestSchema,
      response: { 200: recoveryCodesResponseSchema },
    }),
    twoFactorDisable: defineEndpoint(endpointLocations.accounts.twoFactorDisable, {
      body: twoFactorDisableRequestSchema,
      response: { 200: z.object({}) },
    }),
    twoFactorEnrol: defineEndpoint(endpointLocations.accounts.twoFactorEnrol, {
      response: { 200: twoFactorEnrolmentSchema },
    }),
    twoFactorRecoveryCodes: defineEndpoint(endpointLocations.accounts.twoFactorRecoveryCodes, {
      body: twoFactorCodeRequestSchema,
      response: { 200: recoveryCodesResponseSchema },
    }),
    twoFactorStatus: defineEndpoint(endpointLocations.accounts.twoFactorStatus, {
      response: { 200: twoFactorStatusSchema },
    }),
  },
  admin: {
    getConfig: defineEndpoint(endpointLocations.admin.getConfig, { response: { 200: adminConfigSchema } }),
    updateConfig: defineEndpoint(endpointLocations.admin.updateConfig, {
      body: updateConfigRequestSchema,
      response: { 200: adminConfigSchema },
    }),
    listConfigVersions: defineEndpoint(endpointLocations.admin.listConfigVersions, {
      response: { 200: configVersionListSchema },
    }),
    rollbackConfig: defineEndpoint(endpointLocations.admin.rollbackConfig, {
      params: configVersionParamsSchema,
      response: { 200: adminConfigSchema },
    }),
    listFeedback: defineEndpoint(endpointLocations.admin.listFeedback, {
      query: adminFeedbackListQuerySchema,
      response: { 200: adminFeedbackListSchema },
    }),
    replyFeedback: defineEndpoint(endpointLocations.admin.replyFeedback, {
      params: z.object({ id: z.string().min(1).max(64) }),
      body: feedbackReplyRequestSchema,
      response: { 200: feedbackSchema },
    }),
    dashboard: defineEndpoint(endpointLocations.admin.dashboard, { response: { 200: adminDashboardSchema } }),
    listUsers: defineEndpoint(endpointLocations.admin.listUsers, {
      query: adminUserListQuerySchema,
      response: { 200: adminUserListSchema },
    }),
    getUser: defineEndpoint(endpointLocations.admin.getUser, {
      params: adminUserParamsSchema,
      response: { 200: adminUserDetailSchema },
    }),
    freezeUser: defineEndpoint(endpointLocations.admin.freezeUser, {
      params: adminUserParamsSchema,
      response: { 200: adminUserDetailSchema },
    }),
    unfreezeUser: defineEndpoint(endpointLocations.admin.unfreezeUser, {
      params: adminUserParamsSchema,
      response: { 200: adminUserDetailSchema },
    }),
    endUserSessions: defineEndpoint(endpointLocations.admin.endUserSessions, {
      params: adminUserParamsSchema,
      response: { 200: adminUserDetailSchema },
    }),
    grantUserPremium: defineEndpoint(endpointLocations.admin.grantUserPremium, {
      params: adminUserParamsSchema,
      body: adminGrantPremiumRequestSchema,
      response: { 200: adminUserDetailSchema },
    }),
    revokeUserPremium: defineEndpoint(endpointLocations.admin.revokeUserPremium, {
      params: adminUserParamsSchema,
      response: { 200: adminUserDetailSchema },
    }),
    resetUserTwoFactor: defineEndpoint(endpointLocations.admin.resetUserTwoFactor, {
      params: adminUserParamsSchema,
      response: { 200: adminUserDetailSchema },
    }),
    deleteUser: defineEndpoint(endpointLocations.admin.deleteUser, {
      params: adminUserParamsSchema,
      body: adminDeleteUserRequestSchema,
      response: { 200: adminDeleteUserResponseSchema },
    }),
    listActions: defineEndpoint(endpointLocations.admin.listActions, {
      query: adminActionListQuerySchema,
      response: { 200: adminActionListSchema },
    }),
    listSensitiveWords: defineEndpoint(endpointLocations.admin.listSensitiveWords, {
      query: sensitiveWordListQuerySchema,
      response: { 200: sensitiveWordListSchema },
    }),
    addSensitiveWord: defineEndpoint(endpointLocations.admin.addSensitiveWord, {
      body: sensitiveWordRequestSchema,
      response: { 200: sensitiveWordSchema },
    }),
    removeSensitiveWord: defineEndpoint(endpointLocations.admin.removeSensitiveWord, {
      body: sensitiveWordRequestSchema,
      response: { 200: z.object({}) },
    }),
    listProducts: defineEndpoint(endpointLocations.admin.listProducts, {
      response: { 200: adminProductListSchema },
    }),
    setProductPrice: defineEndpoint(endpointLocations.admin.setProductPrice, {
      params: productParamsSchema,
      body: setPriceRequestSchema,
      response: { 200: adminProductSchema },
    }),
    listCampaigns: defineEndpoint(endpointLocations.admin.listCampaigns, {
      response: { 200: adminCampaignListSchema },
    }),
    setCampaignWindow: defineEndpoint(endpointLocations.admin.setCampaignWindow, {
      params: campaignParamsSchema,
      body: setCampaignWindowRequestSchema,
      response: { 200: adminCampaignSchema },
    }),
  },
  audit: {
    approveShares: defineEndpoint(endpointLocations.audit.approveShares, reviewShares),
    rejectShares: defineEndpoint(endpointLocations.audit.rejectShares, reviewShares),
    auditShare: defineEndpoint(endpointLocations.audit.auditShare, {
      body: auditShareRequestSchema,
      response: { 200: auditShareResponseSchema },
    }),
    listReviews: defineEndpoint(endpointLocations.audit.listReviews, {
      query: auditListQuerySchema,
      response: { 200: reviewShareListSchema },
    }),
    listReports: defineEndpoint(endpointLocations.audit.listReports, {
      query: auditListQuerySchema,
      response: { 200: shareReportListSchema },
    }),
    dismissReports: defineEndpoint(endpointLocations.audit.dismissReports, {
      body: dismissReportsRequestSchema,
      response: { 200: dismissReportsResponseSchema },
    }),
  },
  auth: {
    authorize: defineEndpoint(endpointLocations.auth.authorize, {
      body: authorizeRequestSchema,
      response: { 200: authorizeResponseSchema },
    }),
    codeAccount: defineEndpoint(endpointLocations.auth.codeAccount, {
      body: codeAccountRequestSchema,
      response: { 200: codeAccountResponseSchema },
    }),
    deviceCode: defineEndpoint(endpointLocations.auth.deviceCode, {
      body: deviceCodeRequestSchema,
      response: { 200: deviceCodeResponseSchema },
    }),
    deviceLookup: defineEndpoint(endpointLocations.auth.deviceLookup, {
      query: deviceLookupQuerySchema,
      response: { 200: deviceLookupResponseSchema },
    }),
    deviceVerify: defineEndpoint(endpointLocations.auth.deviceVerify, {
      body: deviceVerifyRequestSchema,
      response: { 200: deviceVerifyResponseSchema },
    }),
    passwordReset: defineEndpoint(endpointLocations.auth.passwordReset, {
      body: passwordResetRequestSchema,
      response: { 200: z.object({}) },
    }),
    providers: defineEndpoint(endpointLocations.auth.providers, {
      response: { 200: signInProvidersResponseSchema },
    }),
    // Browser redirects, answered with a 302: no JSON response.
    providerAuthorize: defineEndpoint(endpointLocations.auth.providerAuthorize, {
      params: providerParamsSchema,
      query: providerAuthorizeQuerySchema,
    }),
    providerCallback: defineEndpoint(endpointLocations.auth.providerCallback, {
      params: providerParamsSchema,
      query: providerCallbackQuerySchema,
    }),
    revoke: defineEndpoint(endpointLocations.auth.revoke, {
      body: revokeRequestSchema,
      response: { 200: z.object({}) },
    }),
    listSessions: defineEndpoint(endpointLocations.auth.listSessions, {
      response: { 200: sessionListResponseSchema },
    }),
    revokeSession: defineEndpoint(endpointLocations.auth.revokeSession, {
      params: sessionIdParamsSchema,
      response: { 200: z.object({}) },
    }),
    signin: defineEndpoint(endpointLocations.auth.signin, {
      body: signinRequestSchema,
      response: { 200: grantTokenResponseSchema },
    }),
    signout: defineEndpoint(endpointLocations.auth.signout, {
      query: signoutQuerySchema,
      response: { 200: signoutResponseSchema },
    }),
    signup: defineEndpoint(endpointLocations.auth.signup, {
      body: signupRequestSchema,
      response: { 200: grantTokenResponseSchema },
    }),
    token: defineEndpoint(endpointLocations.auth.token, {
      body: tokenRequestSchema,
      response: { 200: grantTokenResponseSchema },
    }),
    verificationVerify: defineEndpoint(endpointLocations.auth.verificationVerify, {
      body: verifyRequestSchema,
      response: { 200: verifyResponseSchema },
    }),
    verification: defineEndpoint(endpointLocations.auth.verification, {
      body: verificationRequestSchema,
      response: { 200: verificationResponseSchema },
    }),
  },
  config: {
    basic: defineEndpoint(endpointLocations.config.basic, {
      body: configRequestSchema,
      response: { 200: basicConfigSchema },
    }),
    resources: defineEndpoint(endpointLocations.config.resources, {
      body: configRequestSchema,
      response: { 200: resourcesConfigSchema },
    }),
    externalProducts: defineEndpoint(endpointLocations.config.externalProducts, {
      body: configRequestSchema,
      response: { 200: externalProductsConfigSchema },
    }),
    activityOperation: defineEndpoint(endpointLocations.config.activityOperation, {
      body: configRequestSchema,
      response: { 200: activityOperationConfigSchema },
    }),
    debugOptions: defineEndpoint(endpointLocations.config.debugOptions, {
      body: configRequestSchema,
      response: { 200: debugOptionsConfigSchema },
    }),
  },
  decompress: {
    decompress: defineEndpoint(endpointLocations.decompress.decompress, {
      body: decompressRequestSchema,
      response: { 200: z.object({ task: taskSchema }) },
    }),
    listArchive: defineEndpoint(endpointLocations.decompress.listArchive, {
      body: archiveListRequestSchema,
      response: { 200: archiveListSchema },
    }),
  },
  drive: {
    batchTrash: defineEndpoint(endpointLocations.drive.batchTrash, batchIds),
    batchUntrash: defineEndpoint(endpointLocations.drive.batchUntrash, batchIds),
    batchDelete: defineEndpoint(endpointLocations.drive.batchDelete, batchIds),
    star: defineEndpoint(endpointLocations.drive.star, batchIds),
    unstar: defineEndpoint(endpointLocations.drive.unstar, batchIds),
    about: defineEndpoint(endpointLocations.drive.about, { response: { 200: aboutSchema } }),
    batchCopy: defineEndpoint(endpointLocations.drive.batchCopy, {
      body: batchMoveRequestSchema,
      response: { 200: batchResultSchema },
    }),
    batchMove: defineEndpoint(endpointLocations.drive.batchMove, {
      body: batchMoveRequestSchema,
      response: { 200: batchResultSchema },
    }),
    createFile: defineEndpoint(endpointLocations.drive.createFile, {
      body: createFileBodySchema,
      response: { 200: createFileAnswerSchema },
    }),
    deleteTasks: defineEndpoint(endpointLocations.drive.deleteTasks, {
      query: deleteTasksQuerySchema,
      response: { 200: z.object({ deleted: z.number().int() }) },
    }),
    downloadZip: defineEndpoint(endpointLocations.drive.downloadZip, {
      query: signedLinkQuery.extend({ ids: z.string().min(1).max(4096) }),
    }),
    download: defineEndpoint(endpointLocations.drive.download, {
      params: z.object({ fileId: z.string().min(1).max(64) }),
      query: signedLinkQuery.extend({
        disposition: z.enum(["inline", "attachment"]).optional(),
      }),
    }),
    emptyTrash: defineEndpoint(endpointLocations.drive.emptyTrash, { response: { 200: batchResultSchema } }),
    getAncestors: defineEndpoint(endpointLocations.drive.getAncestors, {
      params: z.object({ id: z.string().min(1).max(64) }),
      response: { 200: ancestorsSchema },
    }),
    getFile: defineEndpoint(endpointLocations.drive.getFile, {
      params: z.object({ id: z.string().min(1).max(64) }),
      query: z.object({ thumbnail_size: z.enum(THUMBNAIL_SIZES).optional() }),
      response: { 200: fileSchema },
    }),
    getTask: defineEndpoint(endpointLocations.drive.getTask, {
      params: z.object({ id: z.string().min(1).max(64) }),
      response: { 200: taskSchema },
    }),
    listEvents: defineEndpoint(endpointLocations.drive.listEvents, {
      query: listEventsQuerySchema,
      response: { 200: eventListSchema },
    }),
    waitEvents: defineEndpoint(endpointLocations.drive.waitEvents, {
      query: waitEventsQuerySchema,
      response: { 200: eventWaitSchema },
    }),
    listFiles: defineEndpoint(endpointLocations.drive.listFiles, {
      query: listFilesQuerySchema,
      response: { 200: fileListSchema },
    }),
    listTasks: defineEndpoint(endpointLocations.drive.listTasks, {
      query: listTasksQuerySchema,
      response: { 200: taskListSchema },
    }),
    taskCommand: defineEndpoint(endpointLocations.drive.taskCommand, {
      body: taskCommandRequestSchema,
      response: { 200: z.object({ task: taskSchema }) },
    }),
    resourceList: defineEndpoint(endpointLocations.drive.resourceList, {
      body: resourceListRequestSchema,
      response: { 200: resourceListSchema },
    }),
    privilegeAreaCountryCode: defineEndpoint(endpointLocations.drive.privilegeAreaCountryCode, {
      response: { 200: areaCountryCodeResponseSchema },
    }),
    renameFile: defineEndpoint(endpointLocations.drive.renameFile, {
      params: z.object({ id: z.string().min(1).max(64) }),
      body: renameFileRequestSchema,
      response: { 200: fileSchema },
    }),
    thumbnail: defineEndpoint(endpointLocations.drive.thumbnail, {
      params: z.object({ fileId: z.string().min(1).max(64), size: z.enum(THUMBNAIL_SIZES) }),
      query: signedLinkQuery,
    }),
    uploadForm: defineEndpoint(endpointLocations.drive.uploadForm, {
      params: z.object({ fileId: z.string().min(1).max(64) }),
      headers: z.object({ "x-upload-hash": z.string().max(64).optional() }),
      response: { 200: fileSchema },
    }),
    tusLocate: defineEndpoint(endpointLocations.drive.tusLocate, {
      headers: z.object({
        "upload-length": z.string().max(20).optional(),
        "upload-metadata": z.string().max(4096).optional(),
      }),
    }),
    tusUpload: defineEndpoint(endpointLocations.drive.tusUpload, { params: tusUploadParamsSchema }),
    tusCancel: defineEndpoint(endpointLocations.drive.tusCancel, { params: tusUploadParamsSchema }),
    tusCapabilities: defineEndpoint(endpointLocations.drive.tusCapabilities, {}),
    tusUploadCapabilities: defineEndpoint(endpointLocations.drive.tusUploadCapabilities, {
      params: tusUploadParamsSchema,
    }),
    zipLink: defineEndpoint(endpointLocations.drive.zipLink, {
      body: zipLinkRequestSchema,
      response: { 200: zipLinkSchema },
    }),
    createFeedback: defineEndpoint(endpointLocations.drive.createFeedback, {
      body: feedbackRequestSchema,
      response: { 200: z.object({ id: z.string() }) },
    }),
    listFeedback: defineEndpoint(endpointLocations.drive.listFeedback, {
      response: { 200: feedbackListSchema },
    }),
    downloadStatistics: defineEndpoint(endpointLocations.drive.downloadStatistics, {
      response: { 200: downloadStatisticsSchema },
    }),
    transparencyReport: defineEndpoint(endpointLocations.drive.transparencyReport, {
      query: transparencyQuerySchema,
      response: { 200: transparencyReportSchema },
    }),
    appDownload: defineEndpoint(endpointLocations.drive.appDownload, { params: appPlatformParamsSchema }),
  },
  health: {
    healthz: defineEndpoint(endpointLocations.health.healthz, { response: { 200: healthStatusSchema } }),
    readyz: defineEndpoint(endpointLocations.health.readyz, {
      response: { 200: healthStatusSchema, 503: healthStatusSchema },
    }),
    metrics: defineEndpoint(endpointLocations.health.metrics, {}),
  },
  membership: {
    privilegeVip: defineEndpoint(endpointLocations.membership.privilegeVip, {
      response: { 200: privilegeVipResponseSchema },
    }),
    products: defineEndpoint(endpointLocations.membership.products, {
      query: productsQuerySchema,
      response: { 200: productsResponseSchema },
    }),
    order: defineEndpoint(endpointLocations.membership.order, {
      body: createOrderRequestSchema,
      response: { 200: createOrderResponseSchema },
    }),
    getOrder: defineEndpoint(endpointLocations.membership.getOrder, {
      params: orderParamsSchema,
      response: { 200: orderResponseSchema },
    }),
    listOrders: defineEndpoint(endpointLocations.membership.listOrders, {
      query: listOrdersQuerySchema,
      response: { 200: orderListSchema },
    }),
    membership: defineEndpoint(endpointLocations.membership.membership, {
      response: { 200: membershipResponseSchema },
    }),
    cancelSubscription: defineEndpoint(endpointLocations.membership.cancelSubscription, {
      body: subscriptionChangeRequestSchema,
      response: { 200: membershipResponseSchema },
    }),
    resumeSubscription: defineEndpoint(endpointLocations.membership.resumeSubscription, {
      body: subscriptionChangeRequestSchema,
      response: { 200: membershipResponseSchema },
    }),
    sandboxOrder: defineEndpoint(endpointLocations.membership.sandboxOrder, {
      params: orderParamsSchema,
      response: { 200: sandboxOrderResponseSchema },
    }),
    sandboxSettle: defineEndpoint(endpointLocations.membership.sandboxSettle, {
      params: orderParamsSchema,
      body: sandboxSettleRequestSchema,
      response: { 200: orderResponseSchema },
    }),
    /** Raw body (the signature covers its bytes); `Stripe-Signature` header. */
    stripeWebhook: defineEndpoint(endpointLocations.membership.stripeWebhook, {
      response: { 200: stripeWebhookResponseSchema },
    }),
  },
  share: {
    createShare: defineEndpoint(endpointLocations.share.createShare, {
      body: createShareRequestSchema,
      response: { 200: createShareResponseSchema },
    }),
    deleteShares: defineEndpoint(endpointLocations.share.deleteShares, {
      body: deleteSharesRequestSchema,
      response: { 200: emptyResponseSchema },
    }),
    getShare: defineEndpoint(endpointLocations.share.getShare, {
      query: getShareQuerySchema,
      response: { 200: shareFilesResponseSchema },
    }),
    listShares: defineEndpoint(endpointLocations.share.listShares, {
      query: listSharesQuerySchema,
      response: { 200: shareListSchema },
    }),
    reportShare: defineEndpoint(endpointLocations.share.reportShare, {
      body: reportShareRequestSchema,
      response: { 200: emptyResponseSchema },
    }),
    restoreShare: defineEndpoint(endpointLocations.share.restoreShare, {
      body: restoreShareRequestSchema,
      response: { 200: restoreShareResponseSchema },
    }),
    shareBatchFileInfo: defineEndpoint(endpointLocations.share.shareBatchFileInfo, {
      body: shareBatchFileInfoRequestSchema,
      response: { 200: shareBatchFileInfoResponseSchema },
    }),
    shareDetail: defineEndpoint(endpointLocations.share.shareDetail, {
      query: shareDetailQuerySchema,
      response: { 200: shareFilesResponseSchema },
    }),
    shareFileInfo: defineEndpoint(endpointLocations.share.shareFileInfo, {
      query: shareFileInfoQuerySchema,
      response: { 200: shareFileInfoResponseSchema },
    }),
  },
  playback: {
    plan: defineEndpoint(endpointLocations.playback.plan, {
      params: z.object({ id: z.string().min(1).max(64) }),
      body: playbackRequestSchema,
      response: { 200: playbackPlanSchema },
    }),
    sharePlan: defineEndpoint(endpointLocations.playback.sharePlan, {
      body: sharePlaybackRequestSchema,
      response: { 200: playbackPlanSchema },
    }),
    hls: defineEndpoint(endpointLocations.playback.hls, {
      params: z.object({
        fileId: z.string().min(1).max(64),
        profile: z.string().min(1).max(64),
        token: z.string().min(1).max(512),
        name: z.string().min(1).max(64),
      }),
    }),
    savePosition: defineEndpoint(endpointLocations.playback.savePosition, {
      params: z.object({ id: z.string().min(1).max(64) }),
      body: savePlaybackPositionSchema,
    }),
    listSubtitles: defineEndpoint(endpointLocations.playback.listSubtitles, {
      params: z.object({ id: z.string().min(1).max(64) }),
      query: listSubtitlesQuerySchema,
      response: { 200: subtitleListSchema },
    }),
    subtitle: defineEndpoint(endpointLocations.playback.subtitle, {
      params: z.object({ fileId: z.string().min(1).max(64), subtitleId: z.string().min(2).max(80) }),
      query: signedLinkQuery,
    }),
  },
  rewards: {
    redeemCode: defineEndpoint(endpointLocations.rewards.redeemCode, {
      body: redeemCodeRequestSchema,
      response: { 200: redeemCodeResponseSchema },
    }),
    invite: defineEndpoint(endpointLocations.rewards.invite, {
      body: inviteRequestSchema,
      response: { 200: inviteResponseSchema },
    }),
    invitePage: defineEndpoint(endpointLocations.rewards.invitePage, {
      query: invitePageQuerySchema,
      response: { 200: invitePageSchema },
    }),
    taskStatus: defineEndpoint(endpointLocations.rewards.taskStatus, {
      query: taskStatusQuerySchema,
      response: { 200: taskStatusSchema },
    }),
    rewardVip: defineEndpoint(endpointLocations.rewards.rewardVip, {
      body: rewardVipRequestSchema,
      response: { 200: rewardVipResponseSchema },
    }),
    campaigns: defineEndpoint(endpointLocations.rewards.campaigns, {
      query: campaignListQuerySchema,
      response: { 200: campaignListSchema },
    }),
    compensate: defineEndpoint(endpointLocations.rewards.compensate, {
      body: compensateRequestSchema,
      response: { 200: compensateResponseSchema },
    }),
    verifyRecaptchaToken: defineEndpoint(endpointLocations.rewards.verifyRecaptchaToken, {
      body: verifyRecaptchaRequestSchema,
      response: { 200: verifyRecaptchaResponseSchema },
    }),
    createCodes: defineEndpoint(endpointLocations.rewards.createCodes, {
      body: createCodesRequestSchema,
      response: { 200: createCodesResponseSchema },
    }),
    listCodeBatches: defineEndpoint(endpointLocations.rewards.listCodeBatches, {
      query: codeBatchListQuerySchema,
      response: { 200: codeBatchListSchema },
    }),
    /** CSV: `code,status,redeemed_by,redeemed_time`. */
    exportCodes: defineEndpoint(endpointLocations.rewards.exportCodes, { params: codeBatchParamsSchema }),
    revokeCodes: defineEndpoint(endpointLocations.rewards.revokeCodes, {
      params: codeBatchParamsSchema,
      response: { 200: revokeCodesResponseSchema },
    }),
  },
  shield: {
    altchaScript: defineEndpoint(endpointLocations.shield.altchaScript, {}),
    captchaInit: defineEndpoint(endpointLocations.shield.captchaInit, {
      body: captchaInitRequestSchema,
      response: { 200: captchaInitResponseSchema },
    }),
    challengePage: defineEndpoint(endpointLocations.shield.challengePage, {
      query: captchaChallengeQuerySchema,
    }),
    challengePow: defineEndpoint(endpointLocations.shield.challengePow, {
      query: z.object({ c: z.string().min(1).max(2048) }),
      response: { 200: z.record(z.string(), z.unknown()) },
    }),
    challengeVerify: defineEndpoint(endpointLocations.shield.challengeVerify, {
      body: captchaVerifyRequestSchema,
      response: { 200: captchaVerifyResponseSchema },
    }),
  },
  user: {
    avatarUpload: defineEndpoint(endpointLocations.user.avatarUpload, { response: { 200: userMeSchema } }),
    avatarDelete: defineEndpoint(endpointLocations.user.avatarDelete, { response: { 200: userMeSchema } }),
    providerUnlink: defineEndpoint(endpointLocations.user.providerUnlink, {
      params: providerParamsSchema,
      response: { 200: userMeSchema },
    }),
    avatar: defineEndpoint(endpointLocations.user.avatar, {
      params: avatarParamsSchema,
      query: avatarQuerySchema,
    }),
    changePassword: defineEndpoint(endpointLocations.user.changePassword, {
      body: changePasswordRequestSchema,
      response: { 200: changePasswordResponseSchema },
    }),
    createAppPassword: defineEndpoint(endpointLocations.user.createAppPassword, {
      body: createAppPasswordRequestSchema,
      response: { 200: createdAppPasswordSchema },
    }),
    listAppPasswords: defineEndpoint(endpointLocations.user.listAppPasswords, {
      response: { 200: appPasswordListSchema },
    }),
    revokeAppPassword: defineEndpoint(endpointLocations.user.revokeAppPassword, {
      params: appPasswordParamsSchema,
      response: { 200: emptyResponseSchema },
    }),
    me: defineEndpoint(endpointLocations.user.me, { response: { 200: userMeSchema } }),
    unsubscribeInfo: defineEndpoint(endpointLocations.user.unsubscribeInfo, {
      query: unsubscribeQuerySchema,
      response: { 200: unsubscribeInfoSchema },
    }),
    unsubscribe: defineEndpoint(endpointLocations.user.unsubscribe, {
      body: unsubscribeRequestSchema,
      response: { 200: unsubscribeInfoSchema },
    }),
    updateMe: defineEndpoint(endpointLocations.user.updateMe, {
      body: updateMeRequestSchema,
      response: { 200: userMeSchema },
    }),
    settings: defineEndpoint(endpointLocations.user.settings, { response: { 200: userSettingsSchema } }),
    updateSettings: defineEndpoint(endpointLocations.user.updateSettings, {
      body: updateUserSettingsRequestSchema,
      response: { 200: userSettingsSchema },
    }),
  },
} as const satisfies {
  [A in keyof typeof endpointLocations]: Record<keyof (typeof endpointLocations)[A], unknown>;
};
