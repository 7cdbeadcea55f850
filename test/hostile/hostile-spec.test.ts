/**
 * The standing hostile-spec suite (issue 27): a customer's spec whose jq loops, recurses or
 * allocates without end, whose regex would backtrack, or whose YAML multiplies through aliases.
 * Each is stopped by its limit, named in the error, and tenant A's own reads stay within a
 * generous ratio of A's baseline measured in the same test (never an absolute time).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedStorage, useService } from '../service/helpers/service-fixture.js';
import { BYO_SPEC } from '../service/integrations/byo-specs.js';
import { medianRatioDuring, percentile, startHostileTarget, timeAlone, type HostileTarget } from './hostile-harness.js';

const MAX_RATIO = 8;
// A short wall clock per evaluation, so a loop is stopped quickly; the engine's own limits stay the defaults.
const fixture = useService(embeddedStorage('hostile-spec'), { jq: { isolation: { timeoutMs: 1_500 } } });
let target: HostileTarget;
let tenantA: { tenantId: string; integrationId: string };
let baseline: number;

beforeAll(async () => {
  target = await startHostileTarget(10);
  const { service } = fixture;
  const tenant = await service.tenants.create({ name: 'A', plan: 'standard', actor: 'ops' });
  const integration = await service.integrations.create({
    tenantId: tenant.id,
    actor: 'ops',
    type: 'build-your-own',
    spec: BYO_SPEC,
    baseUrl: `${target.server.origin}/calm`,
  });
  tenantA = { tenantId: tenant.id, integrationId: integration.id };
  const probe = () => service.integrations.get(tenantA);
  await timeAlone(probe, 10);
  baseline = percentile(await timeAlone(probe, 40), 50);
}, 120_000);
afterAll(() => target?.server.close());

async function ratioWhile(operation: Promise<unknown>): Promise<number> {
  return medianRatioDuring(() => fixture.service.integrations.get(tenantA), operation, baseline);
}

/**
 * Tenant B with a spec whose name mapping is `name`: saving its authentication tests the
 * connection, which maps the target's first answer, so the mapping already runs there. The
 * failure, from whichever step, as `{code, failure}`.
 */
async function failureOfMapping(name: string): Promise<{ code?: string; failure?: { code?: string; message?: string } }> {
  const { service } = fixture;
  const tenant = await service.tenants.create({ name: 'B', plan: 'standard', actor: 'ops' });
  const spec = BYO_SPEC.replace(`name: '.name // ""'`, `name: '${name}'`);
  expect(spec).not.toBe(BYO_SPEC);
  const integration = await service.integrations.create({
    tenantId: tenant.id,
    actor: 'ops',
    type: 'build-your-own',
    spec,
    baseUrl: `${target.server.origin}/calm`,
  });
  const ref = { tenantId: tenant.id, integrationId: integration.id };
  const saved = await service.integrations.configureAuth({
    ...ref,
    actor: 'ops',
    inputs: { baseUrl: `${target.server.origin}/calm`, token: 'a-long-enough-token' },
  });
  if (!saved.ok) return { code: 'AUTH_TEST_FAILED', failure: saved.failure as { code?: string; message?: string } };
  return service.inspect.preview({ ...ref, actor: 'ops' }).then(
    () => ({ code: 'NONE' }),
    (error: { code?: string; failure?: { code?: string; message?: string } }) => error,
  );
}

describe('hostile jq in a customer spec is stopped by its limit', () => {
  it.each([
    { given: 'an endless loop', mapping: 'reduce range(1e15) as $i (0; . + 1) | tostring', limit: /maxSteps|timeoutMs/u },
    { given: 'endless recursion', mapping: 'def f: [f]; f | tostring', limit: /recursion|maxDepth|timeoutMs/u },
    { given: 'allocation', mapping: '[range(1e9)] | length | tostring', limit: /maxArrayLength|maxSteps|maxMemoryMb|timeoutMs/u },
    { given: 'string doubling', mapping: 'reduce range(64) as $i ("ab"; . + .)', limit: /maxStringLength|maxMemoryMb|maxSteps|timeoutMs/u },
  ])(
    '$given: the auth test or Preview fails naming the limit, tenant A unaffected',
    async ({ mapping, limit }) => {
      const running = failureOfMapping(mapping);
      const ratio = await ratioWhile(running);
      const failure = await running;
      expect(failure.code === 'AUTH_TEST_FAILED' || failure.code === 'ACTION_FAILED').toBe(true);
      expect(failure.failure?.code).toBe('LIMIT_EXCEEDED');
      expect(failure.failure?.message).toMatch(limit);
      expect(ratio).toBeLessThan(MAX_RATIO);
    },
    120_000,
  );
});

describe('hostile spec text is refused before anything runs', () => {
  it.each([
    {
      given: 'a backtracking regex (backreference)',
      change: (spec: string) => spec.replace(`name: '.name // ""'`, `name: '.name | test("(a+)\\\\1")'`),
      code: 'SPEC_JQ',
    },
    {
      given: 'YAML aliases multiplying (billion laughs)',
      change: (spec: string) =>
        `${spec}x-a: &a [1,1,1,1,1,1,1,1,1,1]\nx-b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nx-c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nx-d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\nx-e: [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]\n`,
      code: 'SPEC_',
    },
  ])(
    '$given: INVALID_SPEC',
    async ({ change, code }) => {
      const { service } = fixture;
      const tenant = await service.tenants.create({ name: 'B spec', plan: 'standard', actor: 'ops' });
      const running = service.integrations
        .create({ tenantId: tenant.id, actor: 'ops', type: 'build-your-own', spec: change(BYO_SPEC), baseUrl: `${target.server.origin}/calm` })
        .then(
          () => new Error('the spec was accepted'),
          (error: unknown) => error,
        );
      const ratio = await ratioWhile(running);
      const refused = (await running) as { code?: string; diagnostics?: Array<{ code: string }> };
      expect(refused.code).toBe('INVALID_SPEC');
      expect(refused.diagnostics?.some((diagnostic) => diagnostic.code.startsWith(code))).toBe(true);
      expect(ratio).toBeLessThan(MAX_RATIO);
    },
    120_000,
  );
});
