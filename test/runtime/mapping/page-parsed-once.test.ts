/**
 * Each page of an import is parsed once: on the calling thread when the mapping runs there, in the
 * jq worker (never on the calling thread) when it is isolated. Counted by spying on the lossless
 * parser this thread loads; the worker is bundled on its own and never sees the spy.
 */
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect } from '../../../src/runtime/connect.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { makeConnector, makeUsers } from '../fixtures.js';

const parses = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/jq/json-parse.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/jq/json-parse.js')>();
  return {
    ...actual,
    parseJsonLossless: (text: string) => ((parses.count += 1), actual.parseJsonLossless(text)),
  };
});

let server: HandlerServer;
beforeAll(async () => {
  server = await serveHandlers(
    http.get('*/users', ({ request }) => {
      const offset = Number(new URL(request.url).searchParams.get('offset'));
      return HttpResponse.json({ users: makeUsers(Math.min(10, 25 - offset), offset + 1), total: 25 });
    }),
  );
});
afterAll(() => server.close());

const connector = makeConnector({
  actions: {
    importUsers: {
      path: '/users',
      records: '.users',
      mapping: { id: '.id', email: '.email // ""', name: '.name // ""' },
      pagination: { type: 'offset', limit: 10, total: '.total' },
    },
  },
});

async function importCounting(isolated: boolean): Promise<{ ids: string[]; parses: number }> {
  const client = connect(connector, {}, { egress: ALLOW_LOOPBACK, baseUrl: server.origin, jq: { isolation: isolated ? {} : false } });
  try {
    parses.count = 0;
    const accounts = await client.importUsers().collect();
    return { ids: accounts.map((account) => account.id), parses: parses.count };
  } finally {
    await client.close();
  }
}

describe('an import parses each page once', () => {
  const every = makeUsers(25).map((user) => user.id);

  it('in the jq worker when the mapping is isolated: never on the calling thread', async () => {
    expect(await importCounting(true)).toEqual({ ids: every, parses: 0 });
  });

  it('on the calling thread when the mapping runs there: once per page', async () => {
    expect(await importCounting(false)).toEqual({ ids: every, parses: 3 });
  });
});

describe('an isolated import maps what the calling thread maps', () => {
  it('failed fields, records without an id and coerced ids alike (the worker sends compact rows)', async () => {
    const target = await serveHandlers(
      http.get('*/people', () =>
        HttpResponse.json({ people: [{ id: 1, name: 'A', tags: ['x'] }, { id: 'b', name: 7 }, { name: 'no id' }, { id: 'd', name: 'D', tags: 'oops' }] }),
      ),
    );
    const spec = makeConnector({
      actions: { importUsers: { path: '/people', records: '.people', mapping: { id: '.id', email: '.email', name: '.name', tag: '.tags[0]' } } },
    });
    const importWith = async (isolated: boolean) => {
      const client = connect(spec, {}, { egress: ALLOW_LOOPBACK, baseUrl: target.origin, jq: { isolation: isolated ? {} : false } });
      try {
        const pages = [];
        for await (const page of client.importUsers()) pages.push(page);
        return pages;
      } finally {
        await client.close();
      }
    };
    try {
      const isolated = await importWith(true);
      expect(isolated).toEqual(await importWith(false));
      expect(isolated[0]?.accounts).toEqual([
        { id: '1', email: '', name: 'A', tag: 'x' },
        { id: 'b', email: '', name: '7' },
        { id: 'd', email: '', name: 'D' },
      ]);
      expect(isolated[0]?.problems.map((problem) => [problem.index, problem.kind, problem.imported])).toEqual([
        [2, 'without id', false],
        [3, 'mapping failed', true],
      ]);
    } finally {
      await target.close();
    }
  });
});
