/**
 * Per-import limits (issue 15): a target that lists too many records, sends too many bytes, hands
 * over a giant value or keeps an import going past its deadline ends the import with
 * LIMIT_EXCEEDED naming the limit, never with a partial list reported as complete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../src/simulators/serve-handlers.js';
import { connect, type ConnectOptions } from '../../src/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import type { ImportAction } from '../../generated/spec-types.js';
import { makeConnector } from './fixtures.js';

let server: HandlerServer;
const users = (from: number, count: number, name = (index: number) => `User ${index}`) =>
  Array.from({ length: count }, (_, offset) => ({ id: String(from + offset), email: `u${from + offset}@example.com`, name: name(from + offset) }));

beforeAll(async () => {
  server = await serveHandlers(
    // Three pages of three users, by page number.
    http.get('*/users', ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
      return HttpResponse.json({ users: page <= 3 ? users((page - 1) * 3, 3) : [] });
    }),
    http.get('*/giant', () => HttpResponse.json({ users: users(0, 2, (index) => (index === 1 ? 'x'.repeat(70_000) : 'Small')) })),
  );
});
afterAll(() => server.close());

const importUsers: ImportAction = {
  path: '/users',
  records: '.users',
  mapping: { id: '.id', email: '.email', name: '.name' },
  pagination: { type: 'page', pageParam: 'page' },
};

async function importWith(options: Partial<ConnectOptions>, action: ImportAction = importUsers): Promise<unknown> {
  const client = connect(makeConnector({ actions: { importUsers: action } }), {}, { baseUrl: server.origin, egress: ALLOW_LOOPBACK, ...options });
  try {
    return await client.importUsers().collect();
  } catch (error) {
    return error;
  } finally {
    await client.close();
  }
}

describe('import limits', () => {
  it('without limits reached, every account comes through', async () => {
    expect(await importWith({})).toHaveLength(9);
  });

  it('maxRecords', async () => {
    expect(await importWith({ importLimits: { maxRecords: 7 } })).toMatchObject({ code: 'LIMIT_EXCEEDED', message: expect.stringContaining('maxRecords (7)') });
  });

  it('maxBytes', async () => {
    expect(await importWith({ importLimits: { maxBytes: 300 } })).toMatchObject({ code: 'LIMIT_EXCEEDED', message: expect.stringContaining('maxBytes (300)') });
  });

  it('maxFieldLength, naming the field', async () => {
    const failure = await importWith({}, { ...importUsers, path: '/giant', pagination: { type: 'none' } });
    expect(failure).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      message: expect.stringMatching(/field name of an account on page 1 is 70000 characters.*maxFieldLength \(65536\)/),
    });
  });

  it('deadlineMs, checked before each request', async () => {
    let clock = 0;
    // Each reading of the clock moves it a second: the deadline passes before the third page.
    const failure = await importWith({ now: () => (clock += 1000), importLimits: { deadlineMs: 2500 } });
    expect(failure).toMatchObject({ code: 'LIMIT_EXCEEDED', message: expect.stringContaining('deadlineMs (2500)') });
  });
  it('the jq limits a host sets through connect() bound the mapping', async () => {
    const heavy: ImportAction = { ...importUsers, mapping: { ...importUsers.mapping, name: '[range(5000)] | length | tostring' } };
    expect(await importWith({}, heavy)).toHaveLength(9);
    const failure = await importWith({ jq: { limits: { maxSteps: 2000 } } }, heavy);
    expect(failure).toMatchObject({ code: 'LIMIT_EXCEEDED', message: expect.stringContaining('jq limit maxSteps') });
  });
});
