import { GRANT_TYPES, NimbusError, type TokenRequest } from "@nimbus/protocol";
import type { ClientRegistry } from "../clients/client-registry.js";
import { grantScopes, parseScopes } from "../clients/scopes.js";
import type { AuthService, IssuedTokens } from "./auth-service.js";
import type { AuthorizationCodes } from "./authorization-codes.js";
import type { DeviceFlow } from "./device-flow.js";
import type { SessionContext } from "./sessions-repository.js";

export interface GrantResult {
  tokens: IssuedTokens;
  /** The session lives in the browser's cookie (the web client's code exchange). */
  cookieSession: boolean;
}

function required(value: string | undefined, field: string): string {
  if (!value) throw new NimbusError("invalid_request", `${field} is required`, { metadata: { field } });
  return value;
}

/** `POST /v1/auth/token`: one grant per `grant_type`, each checked against the client registry. */
export class TokenGrants {
  constructor(
    private readonly auth: AuthService,
    private readonly clients: ClientRegistry,
    private readonly codes: AuthorizationCodes,
    private readonly devices: DeviceFlow,
  ) {}

  async grant(request: TokenRequest, context: SessionContext): Promise<GrantResult> {
    const clientId = required(request.client_id, "client_id");
    switch (request.grant_type) {
      case GRANT_TYPES.refreshToken: {
        this.clients.require(clientId, GRANT_TYPES.refreshToken);
        const refreshToken = required(request.refresh_token, "refresh_token");
        const tokens = await this.auth.refresh(
          refreshToken,
          clientId,
          (granted) => grantScopes(request.scope, parseScopes(granted)),
          context,
        );
        return { tokens, cookieSession: false };
      }
      case GRANT_TYPES.authorizationCode: {
        const client = this.clients.require(clientId, GRANT_TYPES.authorizationCode);
        const input = {
          code: required(request.code, "code"),
          clientId,
          verifier: request.code_verifier,
          redirectUri: request.redirect_uri,
        };
        const tokens = await this.codes.exchange(input, (redeemed) =>
          this.auth.issueTokens(redeemed.userId, clientId, {
            scope: redeemed.scope,
            cookieSession: client.cookieSession,
            context,
            familyId: redeemed.familyId,
          }),
        );
        return { tokens, cookieSession: client.cookieSession };
      }
      case GRANT_TYPES.deviceCode: {
        this.clients.require(clientId, GRANT_TYPES.deviceCode);
        const approved = await this.devices.poll(required(request.device_code, "device_code"), clientId);
        const tokens = await this.auth.issueTokens(approved.userId, clientId, {
          scope: approved.scope,
          context,
        });
        return { tokens, cookieSession: false };
      }
      default:
        throw new NimbusError("invalid_request", `unsupported grant_type ${request.grant_type}`, {
          metadata: { field: "grant_type", reason: "UNSUPPORTED_GRANT_TYPE" },
        });
    }
  }
}
