/**
 * The standing hostile-target suite (issue 27, findings 1 and 6): tenant B's target answers Import
 * Users with a huge list, a deeply nested document or a record of 200,000 fields. Test, Preview
 * and Generate Config answer a bounded sample that says what it left out, or BAD_RESPONSE naming
 * the limit — never a 500 — and tenant A's own reads stay within a generous ratio of A's baseline
 * measured in the same test (never an absolute time). `npm run bench -- isolation` measures p99.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedStorage, useService } from '../service/helpers/service-fixture.js';
import type { ServiceLogEntry } from '../../src/service/index.js';
import { percentile, setUpTenant, startHostileTarget, timeAlone, type HostileKind, type HostileTarget, type TenantIntegration } from './hostile-harness.js';
import { ratioWhile } from './ratio-while.js';

const USERS = 50_000;
/** Tenant A's median read during B's hostile case, against its median alone: generous for a loaded 2-core machine. */
const MAX_RATIO = 8;

/** The service's log, captured: a refused answer's cause is recorded there. */
const logged: ServiceLogEntry[] = [];
const fixture = useService(embeddedStorage('hostile-target'), { log: (entry) => logged.push(entry) });
let target: HostileTarget;
const tenants = {} as Record<HostileKind | 'calm', TenantIntegration>;
let baseline: number;

const actor = 'ops';
const loggedAs = { test: 'test', preview: 'preview', generate: 'generateConfig' } as const;
const operations = {
  test: (ref: TenantIntegration) => fixture.service.inspect.test({ ...ref, actor }),
  preview: (ref: TenantIntegration) => fixture.service.inspect.preview({ ...ref, actor }),
  generate: (ref: TenantIntegration) => fixture.service.integrations.proposeConfig({ ...ref, actor }),
};

beforeAll(async () => {
  target = await startHostileTarget(USERS);
  for (const kind of ['calm', 'huge', 'deep', 'wide'] as const)
    tenants[kind] = await setUpTenant(fixture.service, { name: kind, origin: target.server.origin, path: kind });
  target.arm();
  // Each operation once per tenant before anything is timed: a first run starts the jq worker that
  // samples answers and compiles its code paths, a one-off cost that is not the hostile answer's
  // (on a loaded machine it alone took A's median past the bound in the first case measured).
  for (const kind of ['calm', 'deep', 'wide'] as const)
    for (const operation of Object.values(operations)) await operation(tenants[kind]).catch(() => undefined);
  const probe = () => fixture.service.integrations.get(tenants.calm);
  await timeAlone(probe, 10);
  baseline = percentile(await timeAlone(probe, 40), 50);
}, 120_000);
afterAll(() => target?.server.close());

/** Runs B's operation while timing A's reads; returns the operation's outcome and A's median ratio (`ratioWhile`; the log holds the last attempt's). */
function whileTenantAReads<T>(operation: () => Promise<T>): Promise<{ outcome: T | Error; ratio: number }> {
  const probe = () => fixture.service.integrations.get(tenants.calm);
  return ratioWhile({ probe, operation, baseline, bound: MAX_RATIO, beforeEach: () => (logged.length = 0) });
}

describe('a deep or wide answer is BAD_RESPONSE naming the limit (finding 6), never a 500', () => {
  it.each([
    { kind: 'deep' as const, limit: 'maxDepth', op: 'test' as const },
    { kind: 'deep' as const, limit: 'maxDepth', op: 'preview' as const },
    { kind: 'deep' as const, limit: 'maxDepth', op: 'generate' as const },
    { kind: 'wide' as const, limit: 'maxFields', op: 'test' as const },
    { kind: 'wide' as const, limit: 'maxFields', op: 'preview' as const },
    { kind: 'wide' as const, limit: 'maxFields', op: 'generate' as const },
  ])(
    '$kind answer, $op: BAD_RESPONSE $limit, its cause logged',
    async ({ kind, limit, op }) => {
      logged.length = 0;
      const { outcome, ratio } = await whileTenantAReads<unknown>(() => operations[op](tenants[kind]));
      expect(outcome).toMatchObject({ name: 'ServiceError', code: 'BAD_RESPONSE', message: expect.stringContaining(limit), failure: { limit } });
      expect(ratio).toBeLessThan(MAX_RATIO);
      // The service's log names the limit, the operation, the tenant and the integration; not the token, not the body.
      expect(logged).toEqual([
        {
          event: 'target_answer.refused',
          operation: loggedAs[op],
          ...tenants[kind],
          limit,
          value: expect.any(Number),
          message: expect.stringContaining(limit),
        },
      ]);
      const text = JSON.stringify(logged);
      expect(text).not.toContain('a-long-enough-token');
      expect(text).not.toContain(kind === 'wide' ? '"k1"' : '[[[');
    },
    120_000,
  );
});

describe('a huge answer is sampled, and the sample says what it left out (finding 1)', () => {
  const cut = { pointer: '/users', kind: 'items', kept: 100, total: USERS };

  it('Test answers the first 100 users', async () => {
    const { outcome, ratio } = await whileTenantAReads(() => operations.test(tenants.huge));
    if (outcome instanceof Error) throw outcome;
    expect((outcome.body as { users: unknown[]; total: number }).users).toHaveLength(100);
    expect(outcome.sample.omitted).toContainEqual(cut);
    expect(outcome.sample.chars).toBeGreaterThan(USERS * 50);
    expect(ratio).toBeLessThan(MAX_RATIO);
  }, 120_000);

  it('Preview maps the sample: 100 records, and names the 49,900 left out', async () => {
    const { outcome, ratio } = await whileTenantAReads(() => operations.preview(tenants.huge));
    if (outcome instanceof Error) throw outcome;
    expect(outcome.preview.records).toHaveLength(100);
    expect(outcome.preview.summary.records).toBe(100);
    expect(outcome.sample.omitted).toContainEqual(cut);
    expect(ratio).toBeLessThan(MAX_RATIO);
  }, 120_000);

  it('Generate Config proposes from the sample', async () => {
    const { outcome, ratio } = await whileTenantAReads(() => operations.generate(tenants.huge));
    if (outcome instanceof Error) throw outcome;
    expect(outcome.records.expression).toBe('.users');
    expect(outcome.mapping).toMatchObject({ email: expect.stringContaining('email') });
    expect(outcome.sample.omitted).toContainEqual(cut);
    expect(ratio).toBeLessThan(MAX_RATIO);
  }, 120_000);
});
