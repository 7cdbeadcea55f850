/**
 * Issue 9's findings, reproduced: an import that would return part of the accounts as if it were
 * all of them must fail (or, where a partial result cannot be proven, warn), because the sync
 * removes what an import did not return.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { connect } from '../../../src/runtime/connect.js';
import type { ImportAction } from '../../../generated/spec-types.js';
import type { RuntimeEvent } from '../../../src/runtime/runtime-event.js';
import { makeConnector, makeUsers, noSleep } from '../fixtures.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';

let server: HandlerServer;
beforeAll(async () => {
  server = await serveHandlers();
});
afterEach(() => server.reset());
afterAll(() => server.close());

const USERS = makeUsers(334);

const logged: Array<{ line: string; event?: RuntimeEvent }> = [];
afterEach(() => void logged.splice(0));

function clientFor(importUsers: ImportAction) {
  const logger = (line: string, event?: RuntimeEvent) => void logged.push({ line, event });
  return connect(makeConnector({ actions: { importUsers } }), {}, { egress: ALLOW_LOOPBACK, baseUrl: `${server.origin}/api`, sleep: noSleep, logger });
}

async function runImport(importUsers: ImportAction) {
  const client = clientFor(importUsers);
  const run = client.importUsers();
  try {
    const accounts = await run.collect();
    return { accounts, summary: run.summary() };
  } finally {
    await client.close();
  }
}

async function importFailure(importUsers: ImportAction): Promise<{ code?: string; message?: string; hint?: string }> {
  return runImport(importUsers).then(
    () => ({ code: 'none', message: 'the import succeeded' }),
    (error: { code?: string; message?: string; hint?: string }) => error,
  );
}

/** A top-level array of users, 200 a page, with the next cursor in a `Link`-less query. */
const arrayPages = http.get('*/api/users', ({ request }) => {
  const after = Number(new URL(request.url).searchParams.get('after') ?? 0);
  return HttpResponse.json(USERS.slice(after, after + 200));
});

/** `{users, meta: {after_cursor}}`, 100 a page. */
const objectPages = http.get('*/api/users', ({ request }) => {
  const after = Number(new URL(request.url).searchParams.get('after') ?? 0);
  const next = after + 100 < USERS.length ? String(after + 100) : null;
  return HttpResponse.json({ users: USERS.slice(after, after + 100), meta: { after_cursor: next } });
});

const mapping = { id: '.id', email: '.email', name: '.name' };

describe('pagination expressions', () => {
  it('a cursor expression that fails on the response is PAGINATION_FAILED naming it and the shape, not "last page"', async () => {
    server.use(arrayPages);
    const error = await importFailure({ path: '/users', mapping, pagination: { type: 'cursor', cursor: '.next', param: 'after' } });
    expect(error.code).toBe('PAGINATION_FAILED');
    expect(error.message).toContain('`.next`');
    expect(error.message).toContain('an array of 200 items');
  });

  it('a failing `more` or `total` expression fails the import too', async () => {
    server.use(arrayPages);
    const error = await importFailure({ path: '/users', mapping, pagination: { type: 'offset', limit: 200, total: '.total' } });
    expect(error).toMatchObject({ code: 'PAGINATION_FAILED', message: expect.stringContaining('`.total`') });
  });

  it('a cursor key that is not in a full page (a typo) fails instead of ending the import', async () => {
    server.use(objectPages);
    const error = await importFailure({
      path: '/users',
      records: '.users',
      mapping,
      pagination: { type: 'cursor', cursor: '.meta.after_curser', param: 'after', sizeParam: 'limit', size: 100 },
    });
    expect(error.code).toBe('PAGINATION_FAILED');
    expect(error.message).toContain('.meta.after_curser');
    expect(error.message).toContain('full page of 100 records');
  });

  it('the same typo without a known page size is a warning in the summary', async () => {
    server.use(objectPages);
    const { accounts, summary } = await runImport({
      path: '/users',
      records: '.users',
      mapping,
      pagination: { type: 'cursor', cursor: '.meta.after_curser', param: 'after' },
    });
    expect(accounts).toHaveLength(100);
    expect(summary?.warnings.join('\n')).toContain('the cursor expression `.meta.after_curser` names a key that is not in the response');
  });

  it('a null cursor at the end is the last page, with no warning', async () => {
    server.use(objectPages);
    const { accounts, summary } = await runImport({
      path: '/users',
      records: '.users',
      mapping,
      pagination: { type: 'cursor', cursor: '.meta.after_cursor', param: 'after', sizeParam: 'limit', size: 100 },
    });
    expect(accounts).toHaveLength(334);
    expect(summary).toMatchObject({ pages: 4, records: 334, accounts: 334, warnings: [], complete: true });
  });
});

describe('mapping', () => {
  it('a page whose records all fail the mapping is MAPPING_FAILED, not 0 accounts', async () => {
    server.use(objectPages);
    const error = await importFailure({
      path: '/users',
      records: '.users',
      mapping: { ...mapping, id: '.ID' },
      pagination: { type: 'cursor', cursor: '.meta.after_cursor', param: 'after' },
    });
    expect(error.code).toBe('MAPPING_FAILED');
    expect(error.message).toContain('none of the 100 records of page 1');
    expect(error.message).toContain('has no id');
  });

  it('an empty application is still an empty import, not a failure', async () => {
    server.use(http.get('*/api/users', () => HttpResponse.json({ users: [] })));
    const { accounts, summary } = await runImport({ path: '/users', records: '.users', mapping });
    expect(accounts).toEqual([]);
    expect(summary).toMatchObject({ pages: 1, records: 0, accounts: 0, warnings: [], complete: true });
  });

  it('a mapping field that gives no value for any account is a warning', async () => {
    server.use(objectPages);
    const { accounts, summary } = await runImport({
      path: '/users',
      records: '.users',
      mapping: { ...mapping, email: '.profile.emial' },
      pagination: { type: 'cursor', cursor: '.meta.after_cursor', param: 'after' },
    });
    expect(accounts).toHaveLength(334);
    const warning = 'mapping field `email` gave no value for any of the 334 accounts; check its expression';
    expect(summary?.warnings).toEqual([warning]);
    expect(logged).toContainEqual({ line: `importUsers: warning: ${warning}`, event: { type: 'warning', action: 'importUsers', message: warning } });
  });

  it('a field empty for some accounts only is not a warning', async () => {
    server.use(
      http.get('*/api/users', () =>
        HttpResponse.json({
          users: [
            { id: '1', email: '' },
            { id: '2', email: 'b@example.com' },
          ],
        }),
      ),
    );
    const { summary } = await runImport({ path: '/users', records: '.users', mapping: { id: '.id', email: '.email', name: '.id' } });
    expect(summary?.warnings).toEqual([]);
  });
});

describe('counts that must add up', () => {
  it('offset paging that ends before the stated total fails instead of returning 100 of 500', async () => {
    server.use(
      http.get('*/api/users', ({ request }) => {
        const offset = Number(new URL(request.url).searchParams.get('offset'));
        return HttpResponse.json({ users: offset === 0 ? USERS.slice(0, 100) : [], total: 500 });
      }),
    );
    const error = await importFailure({ path: '/users', records: '.users', mapping, pagination: { type: 'offset', limit: 100, total: '.total' } });
    expect(error).toMatchObject({ code: 'PAGINATION_FAILED', message: expect.stringContaining('stopped after 100 of the 500 records') });
  });

  it('a short page before the stated total fails too', async () => {
    server.use(
      http.get('*/api/users', ({ request }) => {
        const offset = Number(new URL(request.url).searchParams.get('offset'));
        return HttpResponse.json({ users: USERS.slice(offset, offset + (offset === 100 ? 40 : 100)), total: 334 });
      }),
    );
    const error = await importFailure({ path: '/users', records: '.users', mapping, pagination: { type: 'offset', limit: 100, total: '.total' } });
    expect(error).toMatchObject({ code: 'PAGINATION_FAILED', message: expect.stringContaining('stopped after 140 of the 334') });
  });

  it('reaching the stated total is a complete import', async () => {
    server.use(
      http.get('*/api/users', ({ request }) => {
        const offset = Number(new URL(request.url).searchParams.get('offset'));
        return HttpResponse.json({ users: USERS.slice(offset, offset + 100), total: USERS.length });
      }),
    );
    expect(
      (await runImport({ path: '/users', records: '.users', mapping, pagination: { type: 'offset', limit: 100, total: '.total' } })).accounts,
    ).toHaveLength(334);
  });
});

describe('collect()', () => {
  it('stops with LIMIT_EXCEEDED past maxAccounts instead of holding everything', async () => {
    server.use(objectPages);
    const client = clientFor({ path: '/users', records: '.users', mapping, pagination: { type: 'cursor', cursor: '.meta.after_cursor', param: 'after' } });
    await expect(client.importUsers().collect({ maxAccounts: 150 })).rejects.toMatchObject({
      code: 'LIMIT_EXCEEDED',
      message: expect.stringContaining('at most 150 accounts'),
    });
    expect(await client.importUsers().collect({ maxAccounts: 334 })).toHaveLength(334);
    await client.close();
  });
});
