import { NimbusError } from "@nimbus/protocol";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppPasswordSignin } from "../../modules/accounts/app-password-signin.js";

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
export const DAV_REALM = 'Basic realm="Nimbus WebDAV", charset="UTF-8"';

/**
 * Whether the request came over TLS, or over plain HTTP straight from this host (a request
 * a local proxy forwarded is not local: set `TRUST_PROXY` so its `X-Forwarded-Proto` counts).
 */
export function secureEnough(request: FastifyRequest, allowInsecure: boolean): boolean {
  if (allowInsecure || request.protocol === "https") return true;
  if (request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined)
    return false;
  return LOOPBACK.test(request.ip);
}

/** `Authorization: Basic base64(name:password)`, or undefined. */
export function basicCredentials(request: FastifyRequest): { name: string; password: string } | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon <= 0) return undefined;
  return { name: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * The user a WebDAV request signs in as: the account's email, phone or username and one
 * of its app passwords over HTTP Basic. Anything else answers 401 with the challenge;
 * plain HTTP from another host answers 403 before any password is looked at.
 */
export async function davUser(
  request: FastifyRequest,
  reply: FastifyReply,
  signin: AppPasswordSignin,
  allowInsecure: boolean,
): Promise<string> {
  if (!secureEnough(request, allowInsecure)) {
    throw new NimbusError("permission_denied", "WebDAV needs HTTPS (or WEBDAV_ALLOW_INSECURE)", {
      metadata: { reason: "WEBDAV_INSECURE" },
    });
  }
  const credentials = basicCredentials(request);
  reply.header("www-authenticate", DAV_REALM);
  if (!credentials) throw new NimbusError("unauthenticated", "WebDAV takes an app password over HTTP Basic");
  const userId = await signin.verify(credentials.name, credentials.password, request.ip);
  reply.removeHeader("www-authenticate");
  return userId;
}
