import type { FastifyInstance, onRequestHookHandler, RouteOptions } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AuthService } from "../../modules/auth/auth-service.js";
import type { Admins } from "../../modules/console/admins.js";
import type { NimbusApp } from "../types.js";
import { optionalUser, requireAdmin, requireUser } from "./authenticate.js";

/**
 * Who may call a route: anyone; anyone, identified when signed in; a signed-in
 * caller (with the scope its path needs); an admin. Each route is registered in
 * exactly one scope, and the scope's context holds its one `onRequest` hook, so no
 * route module carries auth code.
 */
export const AUTH_SCOPES = ["public", "optional-user", "signed-in", "admin"] as const;
export type AuthScope = (typeof AUTH_SCOPES)[number];

declare module "fastify" {
  interface FastifyContextConfig {
    /** The scope the route was registered in (`request.routeOptions.config.authScope`). */
    authScope?: AuthScope;
  }
}

type RegisterRoutes = (scoped: NimbusApp) => void | Promise<void>;

/** The one `onRequest` hook of each scope (none for `public`). */
export function scopeHooks(
  auth: AuthService,
  admins: Admins,
): Record<AuthScope, onRequestHookHandler | null> {
  return {
    public: null,
    "optional-user": optionalUser(auth),
    "signed-in": requireUser(auth),
    admin: requireAdmin(auth, admins),
  };
}

/**
 * Registers `routes` in an encapsulated context of `scope`: the scope's hook runs
 * first on each of them and the scope is stamped into each route's config.
 * Scopes do not nest: a route registered in two scopes fails at start-up.
 */
export function registerInScope(
  app: NimbusApp,
  scope: AuthScope,
  hook: onRequestHookHandler | null,
  routes: RegisterRoutes,
) {
  return app.register(async (plain) => {
    const scoped = plain.withTypeProvider<ZodTypeProvider>();
    scoped.addHook("onRoute", (route) => {
      const given = route.config?.authScope;
      if (given && given !== scope) {
        throw new Error(`${String(route.method)} ${route.url} is registered in both ${given} and ${scope}`);
      }
      route.config = { ...route.config, authScope: scope };
    });
    if (hook) scoped.addHook("onRequest", hook);
    await routes(scoped);
  });
}

/** A public context, for what is not an API operation (web pages, assets, the API reference). */
export function registerPublic(app: NimbusApp, routes: RegisterRoutes) {
  return registerInScope(app, "public", null, routes);
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Undefined for a route registered outside every scope. */
  scope: AuthScope | undefined;
}

const registered = new WeakMap<FastifyInstance, RouteOptions[]>();

/**
 * Keeps the options of every route registered on `app` from now on. The root's
 * `onRoute` hook runs before the scopes' hooks on the same options object, so the
 * scope is read later, from `registeredRoutes`.
 */
export function recordRoutes(app: NimbusApp): void {
  const routes: RouteOptions[] = [];
  registered.set(app as unknown as FastifyInstance, routes);
  app.addHook("onRoute", (route) => {
    routes.push(route as unknown as RouteOptions);
  });
}

/** Every route registered on `app` since `recordRoutes`, one entry per method. */
export function registeredRoutes(app: NimbusApp): RegisteredRoute[] {
  const routes = registered.get(app as unknown as FastifyInstance) ?? [];
  return routes.flatMap((route) =>
    [route.method].flat().map((method) => ({ method, url: route.url, scope: route.config?.authScope })),
  );
}
