/** Sending a console page: the shell around the body, with the signed-in operator's navigation. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { callerLabel, type Caller } from '../tokens/api-tokens.js';
import type { SafeHtml } from './html.js';
import { renderPage, type Section } from './layout.js';

export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { title: string; body: SafeHtml; section?: Section; status?: number },
): FastifyReply {
  const csrf = request.consoleSession?.csrf;
  return reply
    .code(page.status ?? 200)
    .type('text/html; charset=utf-8')
    .send(renderPage({ title: page.title, body: page.body, section: page.section, caller: request.caller, csrf }));
}

/** The signed-in operator of a `viewer` or `admin` route (the access hook has run). */
export function operatorOf(request: FastifyRequest): { caller: Caller; csrf: string } {
  if (!request.caller || !request.consoleSession) throw new Error('a console page read its operator before the access hook');
  return { caller: request.caller, csrf: request.consoleSession.csrf };
}

/** Audit actor of a console act: the token's (or operator's) id and name, as the API writes it, marked as the console. */
export function consoleActor(caller: Caller): string {
  return `console ${callerLabel(caller)}`;
}
