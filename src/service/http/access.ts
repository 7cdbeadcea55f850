/**
 * Who may use a route, declared once in its `config.access`, in one vocabulary for the API and
 * the console: `public` (no caller: the OpenAPI document, the console's sign-in and style sheet),
 * `viewer` (any caller of the tenant: reads), `reviewer` (a reviewer or an admin: deciding access
 * review items, where the review operations then check the campaign names the reviewer) or `admin`
 * (an admin caller: changes). Each app
 * proves the caller its own way (the API a bearer token, the console a session cookie) and
 * enforces the same word; `build-app.ts` refuses to register a route that declares none.
 */
import type { Caller } from '../tokens/api-tokens.js';

export const ROUTE_ACCESS = ['public', 'viewer', 'reviewer', 'admin'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

/** The roles each non-public access admits, in one place for the API and the console. */
const ADMITS: { readonly [access in Exclude<RouteAccess, 'public'>]: readonly Caller['role'][] } = {
  viewer: ['viewer', 'reviewer', 'admin'],
  reviewer: ['reviewer', 'admin'],
  admin: ['admin'],
};

/** Whether a caller of `role` may use a route of `access`. */
export function admits(access: RouteAccess, role: Caller['role']): boolean {
  return access === 'public' || ADMITS[access].includes(role);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The OpenAPI operationId (API routes). */
    operationId?: string;
  }
  /** OpenAPI members of a route schema (read by openapi.ts, ignored by validation). */
  interface FastifySchema {
    summary?: string;
    description?: string;
    tags?: string[];
  }
  interface FastifyRequest {
    /** The verified caller's tenant and role; set before the handler of every non-public route runs. */
    caller?: Caller;
  }
}

/** Refuses, at registration, a route without a known access. */
export function checkRouteAccess(route: { method: string | string[]; url: string; config?: { access?: unknown } }): RouteAccess {
  const access = route.config?.access;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (typeof access !== 'string' || !(ROUTE_ACCESS as readonly string[]).includes(access))
    throw new Error(`route ${methods.join(',')} ${route.url} declares no config.access`);
  return access as RouteAccess;
}
