import type { SessionInfo } from "@nimbus/protocol";
import { isoTime } from "../../lib/clock.js";
import type { ClientRegistry } from "../clients/client-registry.js";
import { describeDevice } from "./device-name.js";
import type { SessionRow } from "./sessions-repository.js";

/** A live session as the sessions list shows it; its id is the family's (stable across refreshes). */
export function presentSession(row: SessionRow, clients: ClientRegistry, currentFamily: string): SessionInfo {
  return {
    id: row.family_id,
    client_id: row.client_id,
    client_name: clients.nameOf(row.client_id),
    device_id: row.device_id,
    device_name: describeDevice(row.user_agent),
    ip: row.ip,
    user_agent: row.user_agent,
    created_at: isoTime(row.family_created_at),
    last_used_at: isoTime(row.last_used_at),
    current: row.family_id === currentFamily,
  };
}
