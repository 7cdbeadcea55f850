/**
 * A canary secret must not appear anywhere in the text the runtime hands out: logger lines, errors
 * (message, JSON, util.inspect with cause and stack), test() output, rendered requests. The fake
 * target echoes credentials back in bodies and headers to make leaks likely. (Imported accounts are
 * data and are not rewritten: see redaction-leaves-data.test.ts.)
 */
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../src/simulators/serve-handlers.js';
import { connect } from '../../src/runtime/connect.js';
import type { Auth } from '../../generated/spec-types.js';
import { makeConnector, usersImport } from './fixtures.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';

const CANARY = 'CANARY-s3cr3t/+=value';

let server: HandlerServer;
beforeAll(async () => {
  const echo = (request: Request, status: number) =>
    HttpResponse.json(
      {
        users: [{ id: 'u1', email: 'a@x.test', name: request.headers.get('authorization') ?? request.url }],
        seen: request.url,
        auth: request.headers.get('authorization'),
      },
      { status, headers: { 'x-echo': request.headers.get('authorization') ?? new URL(request.url).search } },
    );
  server = await serveHandlers(
    http.get('*/users', ({ request }) => echo(request, 200)),
    http.get('*/denied', ({ request }) => echo(request, 401)),
    http.get('*/reset', () => HttpResponse.error()),
    http.post('*/users', ({ request }) => echo(request, 500)),
  );
});
afterEach(() => server.reset());
afterAll(() => server.close());

const cases: Array<{ name: string; auth: Auth; inputs: Record<string, string>; sent: (request: { url: string; headers: Record<string, string> }) => string }> =
  [
    { name: 'bearer', auth: { type: 'bearer' }, inputs: { token: CANARY }, sent: (request) => request.headers.authorization ?? '' },
    { name: 'basic', auth: { type: 'basic' }, inputs: { username: 'svc', password: CANARY }, sent: (request) => request.headers.authorization ?? '' },
    { name: 'apiKey in query', auth: { type: 'apiKey', in: 'query', name: 'api_key' }, inputs: { token: CANARY }, sent: (request) => request.url },
    {
      name: 'apiKey in header',
      auth: { type: 'apiKey', in: 'header', name: 'Authorization', value: 'Token token={{ .Key }}' },
      inputs: { token: CANARY },
      sent: (request) => request.headers.authorization ?? '',
    },
  ];

describe.each(cases)('canary secret with $name auth', ({ auth, inputs, sent }) => {
  const connector = makeConnector({
    auth,
    actions: {
      importUsers: usersImport,
      createUser: { method: 'POST', path: '/users', body: '{"email": {{user.email}}}' },
      custom: {
        denied: { method: 'GET', path: '/denied' },
        reset: { method: 'GET', path: '/reset' },
      },
    },
  });

  it('never leaks into logs, errors or test output', async () => {
    const lines: string[] = [];
    const client = connect(connector, inputs, {
      egress: ALLOW_LOOPBACK,
      baseUrl: server.origin,
      logger: (line) => lines.push(line),
      sleep: async () => undefined,
      retry: { maxAttempts: 2 },
    });
    const outputs: unknown[] = [];
    outputs.push(await client.test('importUsers'));
    // Imported accounts are data, not text: the target's own values stay whole (issue 15), even
    // this echo of the credential; what is checked below is every text the runtime writes.
    const [account] = await client.importUsers().collect();
    expect(account?.id).toBe('u1');
    outputs.push(await client.renderRequest('createUser', { user: { email: 'a@x.test', name: 'A' } }));
    const attempts = [() => client.runCustomAction('denied'), () => client.runCustomAction('reset'), () => client.createUser({ email: 'a@x.test', name: 'A' })];
    for (const attempt of attempts) {
      const error = await attempt().then(
        () => new Error('expected a failure'),
        (caught: unknown) => caught,
      );
      expect(error).toHaveProperty('code');
      outputs.push(error, JSON.stringify(error), String(error), inspect(error, { depth: 5 }), (error as Error).stack);
    }
    await client.close();

    // The credential really was sent, so the test would catch a leak.
    expect(
      server.requests.some(
        (request) =>
          sent(request).includes(CANARY) ||
          decodeURIComponent(sent(request)).includes(CANARY) ||
          Buffer.from(sent(request).replace(/^Basic /u, ''), 'base64')
            .toString()
            .includes(CANARY),
      ),
    ).toBe(true);
    const captured = [...lines, ...outputs.map((output) => (typeof output === 'string' ? output : inspect(output, { depth: 8 })))].join('\n');
    expect(lines.length).toBeGreaterThan(3);
    for (const spelling of [
      CANARY,
      encodeURIComponent(CANARY),
      new URLSearchParams({ k: CANARY }).toString().slice(2),
      Buffer.from(`svc:${CANARY}`).toString('base64'),
    ]) {
      expect(captured).not.toContain(spelling);
    }
  });
});

describe('errors thrown by connect()', () => {
  it('name the problem without the secret', () => {
    const connector = makeConnector({ auth: { type: 'bearer' }, actions: { importUsers: usersImport } });
    const error = (() => {
      try {
        connect(connector, { token: `${CANARY}\n` }, { egress: ALLOW_LOOPBACK, baseUrl: server.origin });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toMatchObject({ code: 'CONFIG' });
    expect(inspect(error)).not.toContain(CANARY);
  });
});
