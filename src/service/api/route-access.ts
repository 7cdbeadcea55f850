/**
 * Who may call a route, declared in its `config.access`: `public` (the OpenAPI document only),
 * `viewer` (any token of the tenant: reads) or `admin` (admin tokens: configuration). Every route
 * must declare it; `build-api.ts` refuses to register one that does not. `console`: a page of the
 * operator console, which signs in with a session cookie (src/service/console/console-access.ts);
 * it is not part of the API or its OpenAPI document.
 */
import { callerLabel, type Caller } from '../tokens/api-tokens.js';

export const ROUTE_ACCESS = ['public', 'viewer', 'admin', 'console'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The OpenAPI operationId. */
    operationId?: string;
  }
  /** OpenAPI members of a route schema (read by openapi.ts, ignored by validation). */
  interface FastifySchema {
    summary?: string;
    description?: string;
    tags?: string[];
  }
  interface FastifyRequest {
    /** The verified token's tenant and role; set on every non-public route before its handler runs. */
    caller?: Caller;
  }
}

/** The caller of a non-public route (the authenticate hook has run). */
export function callerOf(request: { caller?: Caller }): Caller {
  if (!request.caller) throw new Error('a route without access control read its caller');
  return request.caller;
}

/** Audit actor of a token: its tenant's token id and name, never the token. */
export function actorOf(caller: Caller): string {
  return callerLabel(caller);
}
