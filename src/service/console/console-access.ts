/**
 * Who may use a console route, declared in its `config.access` in the vocabulary the API uses
 * (src/service/http/access.ts): `public` (sign-in, the style sheet), `viewer` (a signed-in
 * operator: pages), `reviewer` (a reviewer or an admin: deciding review items) or `admin` (signed in
 * as an admin: the forms that change something). One hook
 * enforces it before every handler: it reads the session from the database, re-checks its token or
 * operator there (a revoked token ends the session at once), verifies the CSRF token of every
 * state-changing request, then the role.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { admits, checkRouteAccess } from '../http/access.js';
import type { OperatorOperations } from '../operators/operators.js';
import type { TokenOperations } from '../tokens/api-tokens.js';
import { ConsoleError } from './console-error.js';
import { SESSION_COOKIE } from './cookies.js';
import { formText } from './form-body.js';
import type { ConsoleSession, ConsoleSessionOperations } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The console session the request's cookie names, if it is live. */
    consoleSession?: ConsoleSession;
  }
}

/** Compares in constant time, so the CSRF token cannot be guessed byte by byte from response times. */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** GET and HEAD only read; anything else changes state and carries the CSRF token. */
const READS = new Set(['GET', 'HEAD']);

/**
 * Refuses, at registration, a console route without its access or one that changes state for any
 * signed-in viewer: a form is for admins (or, before sign-in, signing in and out).
 */
export function checkConsoleRoute(route: { method: string | string[]; url: string; config?: { access?: unknown } }): void {
  const access = checkRouteAccess(route);
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (access === 'viewer' && methods.some((method) => !READS.has(method.toUpperCase())))
    throw new Error(`console route ${methods.join(',')} ${route.url} changes state but is open to viewers`);
}

export function consoleAccess(input: { sessions: ConsoleSessionOperations; tokens: TokenOperations; operators: OperatorOperations }) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> => {
    const access = request.routeOptions.config.access;
    if (access === undefined) return;
    const session = await input.sessions.open(request.cookies[SESSION_COOKIE]);
    if (session) request.consoleSession = session;
    if (session?.tokenId !== undefined || session?.operatorId !== undefined) {
      const caller = session.tokenId !== undefined ? await input.tokens.liveCaller(session.tokenId) : await input.operators.liveCaller(session.operatorId!);
      if (caller && caller.tenantId === session.tenantId) request.caller = caller;
      else {
        await input.sessions.end(session.id);
        delete request.consoleSession;
      }
    }
    if (!READS.has(request.method) && !(request.consoleSession && sameSecret(formText(request.body, '_csrf'), request.consoleSession.csrf))) {
      throw new ConsoleError(
        403,
        'Form refused',
        'This form did not come from your current console session (its security token is missing or out of date), so nothing was changed.',
        'Go back, reload the page and send the form again; if you were signed out, sign in first.',
      );
    }
    if (access === 'public') return;
    if (!request.caller) {
      // Returning the reply ends the request here (Fastify's async hooks).
      return reply.redirect('/console/sign-in', 303);
    }
    if (!admits(access, request.caller.role)) {
      const as = request.caller.operatorId === undefined ? `a ${request.caller.role} token` : `a ${request.caller.role} account`;
      throw new ConsoleError(
        403,
        'Not allowed',
        `You are signed in with ${as}, which may only read${request.caller.role === 'reviewer' ? ' and decide in your review campaigns' : ''}; nothing was changed.`,
        access === 'reviewer'
          ? 'Sign in as a reviewer named in the campaign, or as an admin of the tenant, to do this.'
          : 'Sign in with an admin token or an admin account of the tenant to do this.',
      );
    }
  };
}
