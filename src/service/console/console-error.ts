/**
 * The console's error page: its own refusals (`ConsoleError`: an expired form, a viewer's write)
 * and the service's (mapped to status, title, detail and hint by `problemFor`, as the API maps them).
 * Never a stack trace: anything else is a plain 500.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { problemFor } from '../http/problem.js';
import { isServiceError } from '../service-error.js';
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

/** Fastify's own refusals of a request body, in a form's words (the API's speak of JSON). */
function unreadableForm(error: unknown): ErrorPage | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (isServiceError(error) || typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  const hint = 'Send the form from its console page.';
  if (status === 413) return { status, title: 'Form too large', detail: 'The form sent more than the console accepts; nothing was changed.', hint };
  return { status: status === 415 ? 415 : 400, title: 'Form not readable', detail: 'The console could not read what was sent; nothing was changed.', hint };
}

export function errorPageOf(error: unknown): ErrorPage {
  if (error instanceof ConsoleError) return { status: error.status, title: error.title, detail: error.message, hint: error.hint };
  const form = unreadableForm(error);
  if (form) return form;
  const problem = problemFor(error);
  return { status: problem.status, title: problem.title, detail: problem.detail, hint: problem.hint };
}

export function sendErrorPage(request: FastifyRequest, reply: FastifyReply, page: ErrorPage): FastifyReply {
  const signedIn = request.caller && request.consoleSession ? { caller: request.caller, csrf: request.consoleSession.csrf } : {};
  const body = html`<div class="error" role="alert"><p>${page.detail}</p>${page.hint && html`<p>${page.hint}</p>`}</div>
<p><a href="${signedIn.caller ? '/console/integrations' : '/console/sign-in'}">${signedIn.caller ? 'Back to the integrations' : 'Sign in'}</a></p>`;
  return reply
    .code(page.status)
    .type('text/html; charset=utf-8')
    .send(renderPage({ title: page.title, body, ...signedIn }));
}
