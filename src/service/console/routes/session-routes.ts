/**
 * Signing in and out. Signing in exchanges a tenant API token (verified as the API verifies it),
 * or an operator's username and password (scrypt, operators/operators.ts), for a new session: the session before sign-in is dropped and a fresh id issued, so an id planted
 * before sign-in is worthless after it (session fixation). Signing out ends the session.
 */
import type { FastifyRequest } from 'fastify';
import type { TypedApp } from '../../http/typed-app.js';
import type { Service } from '../../open-service.js';
import { clearedSessionCookie, sessionCookie } from '../cookies.js';
import { CONSOLE_CSS } from '../console-style.js';
import { CONSOLE_JS } from '../console-script.js';
import { formText } from '../form-body.js';
import { queryText } from '../query-input.js';
import { sendPage } from '../respond.js';
import type { SessionStore } from '../sessions.js';
import { signInView, type SignInMethod } from '../views/sign-in-view.js';

/** Secure cookies when the request reached the service over TLS. */
const overTls = (request: FastifyRequest) => request.protocol === 'https';

export function sessionRoutes(app: TypedApp, input: { service: Service; sessions: SessionStore }): void {
  const { service, sessions } = input;

  app.get('/', { config: { access: 'public' } }, async (request, reply) => reply.redirect(request.caller ? '/console/integrations' : '/console/sign-in', 303));

  app.get('/assets/console.css', { config: { access: 'public' } }, async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(CONSOLE_CSS));

  app.get('/assets/console.js', { config: { access: 'public' } }, async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(CONSOLE_JS));

  app.get('/sign-in', { config: { access: 'public' } }, async (request, reply) => {
    if (request.caller) return reply.redirect('/console/integrations', 303);
    // The form's CSRF token lives in a session before sign-in (a login CSRF would sign a victim into the attacker's tenant).
    const session = request.consoleSession ?? sessions.create();
    request.consoleSession = session;
    reply.header('set-cookie', sessionCookie({ id: session.id, secure: overTls(request) }));
    return sendPage(request, reply, { title: 'Sign in', body: signInView({ csrf: session.csrf, signedOut: queryText(request.query, 'signedOut') === '1' }) });
  });

  app.post('/sign-in', { config: { access: 'public' } }, async (request, reply) => {
    const before = request.consoleSession!;
    const method: SignInMethod = formText(request.body, 'method') === 'password' ? 'password' : 'token';
    const username = formText(request.body, 'username') ?? '';
    const caller =
      method === 'password'
        ? await service.operators.verify({ username, password: formText(request.body, 'password') ?? '' })
        : await service.tokens.verify((formText(request.body, 'token') ?? '').trim());
    if (!caller) return sendPage(request, reply, { title: 'Sign in', status: 401, body: signInView({ csrf: before.csrf, failed: method, username: method === 'password' ? username : undefined }) });
    sessions.destroy(before.id);
    const session = sessions.create(caller.operatorId !== undefined ? { operatorId: caller.operatorId } : caller.tokenId);
    reply.header('set-cookie', sessionCookie({ id: session.id, secure: overTls(request) }));
    return reply.redirect('/console/integrations', 303);
  });

  app.post('/sign-out', { config: { access: 'public' } }, async (request, reply) => {
    sessions.destroy(request.consoleSession!.id);
    reply.header('set-cookie', clearedSessionCookie({ secure: overTls(request) }));
    return reply.redirect('/console/sign-in?signedOut=1', 303);
  });
}
