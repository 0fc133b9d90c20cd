import { NimbusError } from "@nimbus/protocol";
import type { RateLimitStore } from "../rate-limits/rate-limit-store.js";
import type { TrafficReservation } from "./download-traffic.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What anonymous share visitors may download, per address and day
 * (`SHARE_ANONYMOUS_TRAFFIC_BYTES`), counted in the shared `RateLimitStore` so a
 * cluster counts once. Like `DownloadTraffic`, a response reserves its length first
 * (one atomic increment) and gives back what was not sent.
 */
export class AnonymousTraffic {
  constructor(
    private readonly store: RateLimitStore,
    private readonly allowanceBytes: number,
  ) {}

  async reserve(address: string, bytes: number): Promise<TrafficReservation> {
    const key = `share-anonymous-traffic:${address}`;
    if ((await this.store.hit(key, DAY_MS, bytes)) > this.allowanceBytes) {
      await this.store.hit(key, DAY_MS, -bytes);
      throw new NimbusError("traffic_not_enough", "the anonymous allowance of this address is used up", {
        metadata: { reason: "ANONYMOUS_SHARE_ALLOWANCE" },
      });
    }
    let settled = false;
    return {
      settle: async (sentBytes) => {
        if (settled) return;
        settled = true;
        const unsent = bytes - Math.min(Math.max(0, sentBytes), bytes);
        if (unsent > 0) await this.store.hit(key, DAY_MS, -unsent);
      },
    };
  }
}
