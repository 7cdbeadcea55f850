/**
 * The standing hostile-target suite, its tricks (issue 27, "A standing hostile suite"): tenant B's
 * target drip-feeds its body, states a total above what it sends, answers bytes that are not
 * UTF-8 and NULs in names, sends a gzip or deflate bomb, or echoes the credential in every
 * encoding. Each case asserts the error (or the safe answer) and that tenant A's own reads stay
 * within a generous ratio of A's baseline measured in the same test (never an absolute time).
 */
import { http, HttpResponse } from 'msw';
import { deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedStorage, useService } from '../service/helpers/service-fixture.js';
import { waitForRun } from '../service/sync/sync.cases.js';
import { BYO_SPEC } from '../service/integrations/byo-specs.js';
import { serveHandlers, type HandlerServer } from '../../src/simulators/serve-handlers.js';
import type { ServiceLogEntry } from '../../src/service/index.js';
import { percentile, setUpTenant, timeAlone, type TenantIntegration } from './hostile-harness.js';
import { ratioWhile } from './ratio-while.js';

/** Tenant A's median read during B's hostile case, against its median alone: generous for a loaded 2-core machine. */
const MAX_RATIO = 8;
/**
 * The whole exchange of one request to a target; the drip-fed body outlives it. The header and
 * idle-body timeouts are shorter, so that only a body that is arriving, chunk after chunk, ends
 * at REQUEST_MS ("did not complete within"): headers held back or a stalled body end sooner.
 */
const REQUEST_MS = 2_000;
const TIMEOUTS = { requestMs: REQUEST_MS, headersMs: 500, bodyMs: 500 };
/** A credential whose encodings all differ from it: base64 with + and /, URL and JSON escapes. */
const TOKEN = 'tok/en+"q"\\s?&=~>>?long-enough';
/** What the bombs inflate to: past the 50 MiB response cap. */
const BOMB_BYTES = 80 * 1024 * 1024;

/** BYO_SPEC whose Import Users pages by offset and reads the target's stated total. */
const PAGED_SPEC = BYO_SPEC.replace(`name: '.name // ""'}\n`, `name: '.name // ""'}\n    pagination: {type: offset, limit: 100, total: .total}\n`);

const logged: ServiceLogEntry[] = [];
const fixture = useService(embeddedStorage('hostile-tricks'), { timeouts: TIMEOUTS, log: (entry) => logged.push(entry) });
const actor = 'ops';

const calmUsers = [{ id: 'c1', email: 'calm@example.com', name: 'Calm' }];
let armed = false;
/** What /lying/users lists (its stated total stays 3). */
let lyingUsers = [
  { id: 'l1', email: 'l1@example.com', name: 'L One' },
  { id: 'l2', email: 'l2@example.com', name: 'L Two' },
  { id: 'l3', email: 'l3@example.com', name: 'L Three' },
];
const encodings = (secret: string) => {
  const bytes = Buffer.from(secret);
  return {
    raw: secret,
    base64: bytes.toString('base64'),
    base64url: bytes.toString('base64url'),
    hex: bytes.toString('hex'),
    hexUpper: bytes.toString('hex').toUpperCase(),
    urlEncoded: encodeURIComponent(secret),
    jsonEscaped: JSON.stringify(secret).slice(1, -1),
    bearerBase64: Buffer.from(`Bearer ${secret}`).toString('base64'),
  };
};

function bombHandler(kind: 'gzip' | 'deflate') {
  const zeros = Buffer.alloc(BOMB_BYTES, 0x20);
  const packed = kind === 'gzip' ? gzipSync(zeros) : deflateSync(zeros);
  return http.get(`*/${kind}/users`, () =>
    armed ? new HttpResponse(packed, { headers: { 'content-type': 'application/json', 'content-encoding': kind } }) : HttpResponse.json({ users: calmUsers }),
  );
}
const bombSize = { gzip: gzipSync(Buffer.alloc(BOMB_BYTES, 0x20)).length, deflate: deflateSync(Buffer.alloc(BOMB_BYTES, 0x20)).length };

let server: HandlerServer;
const tenants = {} as Record<'calm' | 'slow' | 'lying' | 'bytes' | 'gzip' | 'deflate' | 'echo', TenantIntegration>;
let baseline: number;

beforeAll(async () => {
  server = await serveHandlers(
    http.get('*/calm/users', () => HttpResponse.json({ users: calmUsers })),
    // A body that never ends: a space every 20 ms (valid JSON whitespace), so no idle timeout fires.
    http.get('*/slow/users', () => {
      if (!armed) return HttpResponse.json({ users: calmUsers });
      let timer: NodeJS.Timeout | undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"users":['));
          timer = setInterval(() => controller.enqueue(new TextEncoder().encode(' ')), 20);
        },
        cancel: () => clearInterval(timer),
      });
      return new HttpResponse(body, { headers: { 'content-type': 'application/json', 'x-simulate-stream': '1' } });
    }),
    http.get('*/lying/users', () => HttpResponse.json({ total: 3, users: lyingUsers })),
    http.get('*/bytes/users', () =>
      armed
        ? new HttpResponse(
            Buffer.concat([
              Buffer.from('{"users":[{"id":"u1","email":"a@example.com","name":"A'),
              Buffer.from([0xff, 0xfe, 0xc3]),
              Buffer.from('B"},{"id":"u2","email":"b@example.com","name":"N\\u0000UL"}]}'),
            ]),
            { headers: { 'content-type': 'application/json' } },
          )
        : HttpResponse.json({ users: calmUsers }),
    ),
    bombHandler('gzip'),
    bombHandler('deflate'),
    // Answers the failed authentication with the credential it received, in every encoding, in the body and the headers.
    http.get('*/echo/users', ({ request }) => {
      if (!armed) return HttpResponse.json({ users: calmUsers });
      const header = request.headers.get('authorization') ?? '';
      const echoed = encodings(TOKEN);
      return HttpResponse.json(
        {
          error: 'unauthorized',
          received: header,
          receivedBase64: Buffer.from(header).toString('base64'),
          ...echoed,
          text: `you sent ${echoed.jsonEscaped} (${echoed.urlEncoded})`,
        },
        { status: 401, headers: { 'x-echo-base64': echoed.base64, 'x-echo-hex': echoed.hex, 'x-echo-url': echoed.urlEncoded } },
      );
    }),
  );
  tenants.lying = await setUpTenant(fixture.service, { name: 'lying', origin: server.origin, path: 'lying', spec: PAGED_SPEC });
  for (const kind of ['calm', 'slow', 'bytes', 'gzip', 'deflate'] as const)
    tenants[kind] = await setUpTenant(fixture.service, { name: kind, origin: server.origin, path: kind });
  tenants.echo = await setUpTenant(fixture.service, { name: 'echo', origin: server.origin, path: 'echo', token: TOKEN });
  armed = true;
  await fixture.service.startWorkers();
  const probe = () => fixture.service.integrations.get(tenants.calm);
  await timeAlone(probe, 10);
  baseline = percentile(await timeAlone(probe, 40), 50);
}, 120_000);
afterAll(async () => {
  await fixture.service?.stopWorkers();
  await server?.close();
});

/** Runs B's operation while timing A's reads; returns the operation's outcome and A's median ratio (`ratioWhile`). */
function whileTenantAReads<T>(operation: () => Promise<T>): Promise<{ outcome: T | Error; ratio: number }> {
  return ratioWhile({ probe: () => fixture.service.integrations.get(tenants.calm), operation, baseline, bound: MAX_RATIO });
}

describe('slow: a drip-fed body', () => {
  it.each(['test', 'preview'] as const)(
    '%s ends at the request timeout (TIMEOUT, 502), the other tenant not stalled',
    async (op) => {
      const started = performance.now();
      const { outcome, ratio } = await whileTenantAReads<unknown>(() => fixture.service.inspect[op]({ ...tenants.slow, actor }));
      expect(outcome).toMatchObject({
        name: 'ServiceError',
        code: 'ACTION_FAILED',
        failure: { code: 'TIMEOUT', message: expect.stringContaining(`did not complete within ${REQUEST_MS} ms`) },
      });
      // The timeout, not the target, ended it: the body would drip on for as long as the socket stayed open.
      expect(performance.now() - started).toBeGreaterThanOrEqual(REQUEST_MS);
      expect(ratio).toBeLessThan(MAX_RATIO);
    },
    120_000,
  );
});

describe('lying about totals', () => {
  it('a stated total above what was received fails the import with PAGINATION_FAILED, and the sync removes nothing', async () => {
    const ref = tenants.lying;
    expect(PAGED_SPEC).toContain('total: .total');
    await fixture.service.integrations.setAction({ ...ref, action: 'importUsers', enabled: true, actor });
    const [first] = await fixture.service.sync.listRuns(ref);
    expect(await waitForRun(fixture.service, ref, first!.id)).toMatchObject({ status: 'succeeded', counts: { seen: 3, added: 3 } });
    // Now the target still says 3 but sends 2: l3 is missing from the answer, not absent from the target.
    lyingUsers = lyingUsers.slice(0, 2);
    const { outcome, ratio } = await whileTenantAReads(async () => {
      const { run } = await fixture.service.sync.syncNow({ ...ref, actor });
      return waitForRun(fixture.service, ref, run.id);
    });
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'PAGINATION_FAILED' }, counts: { removed: 0 } });
    const accounts = (await fixture.service.sync.listAccounts(ref)).accounts;
    expect(accounts.map((account) => [account.externalId, account.state]).sort()).toEqual([
      ['l1', 'active'],
      ['l2', 'active'],
      ['l3', 'active'],
    ]);
    expect(ratio).toBeLessThan(MAX_RATIO);
  }, 120_000);
});

describe('bytes that are not UTF-8, and NUL in names', () => {
  // Today's behaviour, asserted: the answer is decoded as UTF-8 with each invalid byte replaced by
  // U+FFFD, and a NUL escaped in JSON stays a NUL in the value (it travels JSON-escaped in the answer).
  it('Test answers the body with U+FFFD for each invalid byte, and the NUL as \\u0000', async () => {
    const { outcome, ratio } = await whileTenantAReads(() => fixture.service.inspect.test({ ...tenants.bytes, actor }));
    if (outcome instanceof Error) throw outcome;
    expect(outcome.body).toEqual({
      users: [
        { id: 'u1', email: 'a@example.com', name: 'A\uFFFD\uFFFD\uFFFDB' },
        { id: 'u2', email: 'b@example.com', name: 'N\u0000UL' },
      ],
    });
    expect(JSON.stringify(outcome)).toContain('N\\u0000UL');
    expect(ratio).toBeLessThan(MAX_RATIO);
  }, 120_000);

  it('Preview keeps both records, their text as decoded', async () => {
    const { outcome, ratio } = await whileTenantAReads(() => fixture.service.inspect.preview({ ...tenants.bytes, actor }));
    if (outcome instanceof Error) throw outcome;
    expect(outcome.preview.records.map((record) => record.account?.name)).toEqual(['A\uFFFD\uFFFD\uFFFDB', 'N\u0000UL']);
    expect(outcome.preview.summary).toMatchObject({ records: 2, importable: 2 });
    expect(ratio).toBeLessThan(MAX_RATIO);
  }, 120_000);
});

describe('a compressed bomb', () => {
  // The runtime asks for no content coding and inflates none: the answer is read as the bytes sent.
  it.each(['gzip', 'deflate'] as const)(
    '%s: never inflated; Test answers the packed bytes, Preview refuses them as BAD_RESPONSE',
    async (kind) => {
      const tested = await whileTenantAReads(() => fixture.service.inspect.test({ ...tenants[kind], actor }));
      if (tested.outcome instanceof Error) throw tested.outcome;
      expect(tested.outcome.request.headers['accept-encoding']).toBeUndefined();
      expect(typeof tested.outcome.body).toBe('string');
      expect((tested.outcome.body as string).length).toBeLessThanOrEqual(bombSize[kind]);
      expect(tested.outcome.sample.chars).toBeLessThanOrEqual(bombSize[kind]);
      expect(tested.ratio).toBeLessThan(MAX_RATIO);

      const previewed = await whileTenantAReads<unknown>(() => fixture.service.inspect.preview({ ...tenants[kind], actor }));
      expect(previewed.outcome).toMatchObject({
        name: 'ServiceError',
        code: 'ACTION_FAILED',
        failure: { code: 'BAD_RESPONSE', message: expect.stringContaining('the response is a string') },
      });
      expect(previewed.ratio).toBeLessThan(MAX_RATIO);
    },
    120_000,
  );
});

describe('a target echoing the credential in every encoding', () => {
  it('nothing of it reaches Test’s answer, the audit log or the service log', async () => {
    logged.length = 0;
    const { outcome, ratio } = await whileTenantAReads(() => fixture.service.inspect.test({ ...tenants.echo, actor }));
    if (outcome instanceof Error) throw outcome;
    expect(outcome.status).toBe(401);
    // The echo arrived: every field is there, masked.
    expect(Object.keys(outcome.body as object)).toEqual(expect.arrayContaining(Object.keys(encodings(TOKEN))));
    const audit = await fixture.service.audit.list({ tenantId: tenants.echo.tenantId });
    expect(audit.entries[0]).toMatchObject({ event: 'integration.tested', detail: { status: 401 } });
    const preview = await fixture.service.inspect.preview({ ...tenants.echo, actor }).catch((error: unknown) => error);
    for (const [where, text] of [
      ['answer', JSON.stringify(outcome)],
      ['audit', JSON.stringify(audit)],
      ['log', JSON.stringify(logged)],
      ['preview', JSON.stringify(preview)],
    ] as const) {
      for (const [encoding, spelled] of Object.entries(encodings(TOKEN))) expect(text.includes(spelled), `${encoding} in the ${where}`).toBe(false);
    }
    expect(ratio).toBeLessThan(MAX_RATIO);
  }, 120_000);
});
