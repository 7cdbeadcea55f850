/**
 * Signing in and out. Signing in exchanges a tenant API token (verified as the API verifies it),
 * or an operator's username and password (scrypt, operators/operators.ts), for a new session in
 * the database (operators/console-sessions.ts): a fresh id is issued, so an id planted before
 * sign-in is worthless after it (session fixation). Attempts are throttled per username and per
 * client address; a throttled attempt answers 429 whether the username exists or not. Signing out
 * ends the session.
 */
import type { FastifyRequest } from 'fastify';
import type { TypedApp } from '../../http/typed-app.js';
import { clearedCookieOptions, SESSION_COOKIE, sessionCookieOptions } from '../cookies.js';
import { CONSOLE_CSS } from '../console-style.js';
import { CONSOLE_JS } from '../console-script.js';
import { formText } from '../form-body.js';
import { queryText } from '../query-input.js';
import { sendPage } from '../respond.js';
import type { ConsoleSessionOperations } from '../sessions.js';
import { signInView, type SignInMethod } from '../views/sign-in-view.js';

/** Secure cookies when the request reached the service over TLS. */
const overTls = (request: FastifyRequest) => request.protocol === 'https';

export function sessionRoutes(app: TypedApp, input: { sessions: ConsoleSessionOperations }): void {
  const { sessions } = input;

  app.get('/', { config: { access: 'public' } }, async (request, reply) => reply.redirect(request.caller ? '/console/integrations' : '/console/sign-in', 303));

  app.get('/assets/console.css', { config: { access: 'public' } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(CONSOLE_CSS),
  );

  app.get('/assets/console.js', { config: { access: 'public' } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(CONSOLE_JS),
  );

  app.get('/sign-in', { config: { access: 'public' } }, async (request, reply) => {
    if (request.caller) return reply.redirect('/console/integrations', 303);
    // The form's CSRF token is bound to the cookie's value (a login CSRF would sign a victim into the attacker's tenant); nothing is stored before sign-in.
    const session = request.consoleSession ?? sessions.begin();
    request.consoleSession = session;
    reply.setCookie(SESSION_COOKIE, session.id, sessionCookieOptions({ secure: overTls(request) }));
    return sendPage(request, reply, { title: 'Sign in', body: signInView({ csrf: session.csrf, signedOut: queryText(request.query, 'signedOut') === '1' }) });
  });

  app.post('/sign-in', { config: { access: 'public' } }, async (request, reply) => {
    const before = request.consoleSession!;
    const method: SignInMethod = formText(request.body, 'method') === 'password' ? 'password' : 'token';
    const username = formText(request.body, 'username') ?? '';
    const credentials =
      method === 'password'
        ? { method, username, password: formText(request.body, 'password') ?? '' }
        : { method, token: (formText(request.body, 'token') ?? '').trim() };
    const result = await sessions.signIn({ credentials, address: request.ip });
    if ('refused' in result) {
      const again = { csrf: before.csrf, failed: method, username: method === 'password' ? username : undefined };
      if (result.refused === 'credentials') return sendPage(request, reply, { title: 'Sign in', status: 401, body: signInView(again) });
      reply.header('retry-after', String(result.retryAfterSeconds));
      return sendPage(request, reply, { title: 'Sign in', status: 429, body: signInView({ ...again, retryAfterSeconds: result.retryAfterSeconds }) });
    }
    if (before.tenantId !== undefined) await sessions.end(before.id);
    const { session } = result;
    reply.setCookie(SESSION_COOKIE, session.id, sessionCookieOptions({ secure: overTls(request) }));
    return reply.redirect('/console/integrations', 303);
  });

  app.post('/sign-out', { config: { access: 'public' } }, async (request, reply) => {
    await sessions.end(request.consoleSession!.id);
    reply.setCookie(SESSION_COOKIE, '', clearedCookieOptions({ secure: overTls(request) }));
    return reply.redirect('/console/sign-in?signedOut=1', 303);
  });
}
