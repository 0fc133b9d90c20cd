import type { UserVip } from "@nimbus/protocol";
import { isoTime } from "../../lib/clock.js";
import type { MembershipStatus } from "./ledger.js";

/** The user info's membership fields (spec §3: premium, expire, vipInfo.vipItem, limit, usage, overStorageLimit). */
export function presentVip(status: MembershipStatus, usage: number): UserVip {
  return {
    type: status.premium ? "platinum" : "novip",
    premium: status.premium !== null,
    expire: status.lastExpire ? isoTime(status.lastExpire) : "",
    vip_item: status.premium
      ? [
          {
            type: status.premium.type,
            expire: isoTime(status.premium.expire),
            surplus_day: status.premium.surplusDay,
          },
        ]
      : [],
    limit: String(status.storageLimit),
    usage: String(usage),
    over_storage_limit: usage > status.storageLimit,
  };
}
