/**
 * A browser-like client of the console over `fastify.inject`: keeps the session cookie, reads the
 * CSRF token from the last page's forms, posts forms url-encoded. Every answer is kept so tests
 * can check that no secret was ever sent.
 */
import type { FastifyInstance } from 'fastify';

export interface Page {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  location?: string;
}

export interface ConsoleClient {
  cookie: string | undefined;
  get(url: string): Promise<Page>;
  /** Posts a form; `_csrf` is the one on the last page unless given. */
  post(url: string, fields?: Record<string, string | string[]>): Promise<Page>;
  /** Opens the sign-in page, signs in with this token and follows the redirect; the answer of the POST. */
  signIn(token: string): Promise<Page>;
  csrf(): string | undefined;
}

const CSRF = /name="_csrf" value="([^"]+)"/;

export function consoleClient(app: FastifyInstance, answers: string[] = []): ConsoleClient {
  let lastPage = '';
  const client: ConsoleClient = {
    cookie: undefined,
    csrf: () => CSRF.exec(lastPage)?.[1],
    async get(url) {
      return send({ method: 'GET', url });
    },
    async post(url, fields = {}) {
      const form = new URLSearchParams();
      const csrf = client.csrf();
      if (!('_csrf' in fields) && csrf) form.append('_csrf', csrf);
      for (const [name, value] of Object.entries(fields)) for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
      return send({ method: 'POST', url, payload: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    },
    async signIn(token) {
      await client.get('/console/sign-in');
      const answer = await client.post('/console/sign-in', { token });
      // As a browser does: follow the redirect, so the next form carries the new session's CSRF token.
      if (answer.status === 303 && answer.location) await client.get(answer.location);
      return answer;
    },
  };
  async function send(request: { method: 'GET' | 'POST'; url: string; payload?: string; headers?: Record<string, string> }): Promise<Page> {
    const response = await app.inject({ ...request, headers: { ...request.headers, ...(client.cookie ? { cookie: client.cookie } : {}) } });
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';');
      client.cookie = /Max-Age=0/i.test(line) ? undefined : pair;
    }
    answers.push(response.body, JSON.stringify(response.headers));
    if (String(response.headers['content-type'] ?? '').includes('text/html')) lastPage = response.body;
    const location = response.headers.location;
    return { status: response.statusCode, headers: response.headers, text: response.body, ...(typeof location === 'string' ? { location } : {}) };
  }
  return client;
}
