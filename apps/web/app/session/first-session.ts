import type { About, UserMe } from "@nimbus/protocol";
import type { PrivilegeVip } from "./membership-api.js";

/**
 * The drive session the server render found (first-session.server.ts, loaded by
 * layouts/drive.tsx): signed in with what the shell shows, or no session at all.
 */
export type FirstSession =
  | { status: "signed-out" }
  | {
      status: "ready";
      user: UserMe;
      about: About;
      vip?: PrivilegeVip["data"];
      freeDays: number;
      /** The premium privilege answered (with or without a membership): the invite claim may follow. */
      privilegeAnswered: boolean;
    };
