import {
  type CreateOrderResponse,
  type EndpointLocation,
  type InvitePageResponse,
  type MembershipResponse,
  nimbusApi,
  type PrivilegeVipResponse,
  type RewardVipResponse,
  type TaskStatusResponse,
} from "@nimbus/protocol";
import { type ApiResult, callEndpoint } from "../api/client.js";

/**
 * The membership calls of issue 15 the pages make (spec §7 vip calls), by the contract's
 * locations, with the answers as the pages read them.
 */
export const membershipApi = {
  privilege: nimbusApi.membership.privilegeVip,
  products: nimbusApi.membership.products,
  order: nimbusApi.membership.order,
  getOrder: nimbusApi.membership.getOrder,
  orders: nimbusApi.membership.listOrders,
  sandboxOrder: nimbusApi.membership.sandboxOrder,
  sandboxSettle: nimbusApi.membership.sandboxSettle,
  membership: nimbusApi.membership.membership,
  cancel: nimbusApi.membership.cancelSubscription,
  resume: nimbusApi.membership.resumeSubscription,
  redeemCode: nimbusApi.rewards.redeemCode,
  invite: nimbusApi.rewards.invite,
  invitePage: nimbusApi.rewards.invitePage,
  checkInStatus: nimbusApi.rewards.taskStatus,
  checkIn: nimbusApi.rewards.rewardVip,
  compensate: nimbusApi.rewards.compensate,
} satisfies Record<string, EndpointLocation>;

export type MembershipCall = keyof typeof membershipApi;

// The answers' types are the contract's (packages/protocol), never written again here.
export type {
  Order,
  OrderList,
  OrderResponse,
  Product,
  ProductKind,
  ProductPrice,
  ProductsResponse,
} from "@nimbus/protocol";
export type PrivilegeVip = PrivilegeVipResponse;
export type CreatedOrder = CreateOrderResponse;
export type Membership = MembershipResponse;
export type InvitePage = InvitePageResponse;
export type CheckInStatus = TaskStatusResponse;
/** `kind` "traffic" (bytes) or "premium_day" (days). */
export type CheckInReward = TaskStatusResponse["rewards"][number];
export type CheckInResult = RewardVipResponse;

interface Input {
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: Record<string, unknown>;
  locale: string;
  signal?: AbortSignal;
}

/** One membership call; the answer typed as the caller reads it. */
export function callMembership<T>(call: MembershipCall, input: Input): Promise<ApiResult<T>> {
  return callEndpoint(membershipApi[call] as EndpointLocation, input as never) as Promise<ApiResult<T>>;
}
