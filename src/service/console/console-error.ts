/**
 * The console's error page: its own refusals (`ConsoleError`: an expired form, a viewer's write)
 * and the service's (mapped to status, detail and hint as the API maps them, by `problemFor`).
 * Never a stack trace: anything else is a plain 500.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { problemFor } from '../api/problem.js';
import { html } from './html.js';
import { renderPage } from './layout.js';

export class ConsoleError extends Error {
  override readonly name = 'ConsoleError';
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

export interface ErrorPage {
  status: number;
  title: string;
  detail: string;
  hint?: string;
}

export function errorPageOf(error: unknown): ErrorPage {
  if (error instanceof ConsoleError) return { status: error.status, title: error.title, detail: error.message, hint: error.hint };
  const problem = problemFor(error);
  return { status: problem.status, title: problem.title, detail: problem.detail, hint: problem.hint };
}

export function sendErrorPage(request: FastifyRequest, reply: FastifyReply, page: ErrorPage): FastifyReply {
  const signedIn = request.caller && request.consoleSession ? { caller: request.caller, csrf: request.consoleSession.csrf } : {};
  const body = html`<div class="error" role="alert"><p>${page.detail}</p>${page.hint && html`<p>${page.hint}</p>`}</div>
<p><a href="${signedIn.caller ? '/console/integrations' : '/console/sign-in'}">${signedIn.caller ? 'Back to the integrations' : 'Sign in'}</a></p>`;
  return reply.code(page.status).type('text/html; charset=utf-8').send(renderPage({ title: page.title, body, ...signedIn }));
}
