import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { adminActor } from "./admin-actor.js";

/** `GET /admin/v1/users` and `/admin/v1/users/{id}`: search accounts, and one account's details. */
export function adminUsers(app: NimbusApp, { userAdmin }: Services): void {
  route(
    app,
    endpoints.admin.listUsers,
    { schema: { tags: ["admin"], summary: "Search accounts, newest first (admins)" } },
    async (request) =>
      userAdmin.search({
        q: request.query.q,
        status: request.query.status,
        limit: request.query.limit,
        pageToken: request.query.page_token,
      }),
  );
  route(
    app,
    endpoints.admin.getUser,
    { schema: { tags: ["admin"], summary: "An account: usage, plan, sessions and devices (admins)" } },
    async (request) => userAdmin.detail(request.params.id),
  );
}

/**
 * `POST /admin/v1/users/{id}:freeze`, `:unfreeze`, `:end_sessions`, `:grant_premium`,
 * `:revoke_premium`, `:reset_two_factor`, `:delete`; each written to the admin log.
 */
export function adminUserActions(app: NimbusApp, { userAdmin }: Services): void {
  route(
    app,
    endpoints.admin.freezeUser,
    { schema: { tags: ["admin"], summary: "Freeze an account: its sessions stop at once (admins)" } },
    async (request) => userAdmin.freeze(adminActor(request), request.params.id),
  );
  route(
    app,
    endpoints.admin.unfreezeUser,
    { schema: { tags: ["admin"], summary: "Unfreeze an account (admins)" } },
    async (request) => userAdmin.unfreeze(adminActor(request), request.params.id),
  );
  route(
    app,
    endpoints.admin.endUserSessions,
    { schema: { tags: ["admin"], summary: "End every session of an account (admins)" } },
    async (request) => userAdmin.endSessions(adminActor(request), request.params.id),
  );
  route(
    app,
    endpoints.admin.grantUserPremium,
    {
      schema: {
        tags: ["admin"],
        summary: "Grant premium for some days, added to the current expiry (admins)",
      },
    },
    async (request) => userAdmin.grantPremium(adminActor(request), request.params.id, request.body.days),
  );
  route(
    app,
    endpoints.admin.revokeUserPremium,
    { schema: { tags: ["admin"], summary: "End an account's premium now (admins)" } },
    async (request) => userAdmin.revokePremium(adminActor(request), request.params.id),
  );
  route(
    app,
    endpoints.admin.resetUserTwoFactor,
    { schema: { tags: ["admin"], summary: "Turn off an account's two-step verification (admins)" } },
    async (request) => userAdmin.resetTwoFactor(adminActor(request), request.params.id),
  );
  route(
    app,
    endpoints.admin.deleteUser,
    { schema: { tags: ["admin"], summary: "Delete an account now; not oneself or an admin (admins)" } },
    async (request) => userAdmin.deleteUser(adminActor(request), request.params.id, request.body.confirm),
  );
}
