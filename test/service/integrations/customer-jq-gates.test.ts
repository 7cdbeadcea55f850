/**
 * Issue 27, finding 2: every service path that runs a customer's jq (Generate Config, Test,
 * Preview, lookups, conditions, syncs, the payload preview) reaches it through two gates:
 * connectorOf() compiles a build-your-own spec under the `customer` policy, and every connection
 * the service opens takes serviceJqOptions(), whose policy is `customer` whatever the operator set.
 * With a jq on PATH that answers every program, neither gate ever runs it.
 */
import { describe, expect, it } from 'vitest';
import { connectorOf, serviceJqOptions } from '../../../src/service/integrations/integration-types.js';
import { installFakeJq, restoreJqEnvAfterEach } from '../../jq/fake-jq-binary.js';
import { BYO_SPEC } from './byo-specs.js';

const savedPath = restoreJqEnvAfterEach();
/** A builtin the in-process engine refuses (it names the host's input file): only a jq binary could run it. */
const REFUSED = 'input_filename';

function installJq() {
  const fake = installFakeJq({ [`${REFUSED} // ""`]: { compile: {}, run: { stdout: '"from the binary"\n' } } });
  delete process.env.JQ_PATH;
  process.env.PATH = `${fake.dir}:${savedPath ?? ''}`;
  return fake;
}

describe('the two gates of a customer’s jq in the service', () => {
  it('connectorOf refuses a stored build-your-own spec with a program only a jq binary runs, and never spawns it', async () => {
    const fake = installJq();
    const text = BYO_SPEC.replace(`name: '.name // ""'`, `name: '${REFUSED} // ""'`);
    expect(text).not.toBe(BYO_SPEC);
    // As Test, Preview, a sync, a lookup or a condition load it: from the row, not through create's validation.
    const loaded = connectorOf({ tenant_id: 'tenant-gates', type: 'build-your-own', connector_id: null, spec_text: text } as never);
    await expect(loaded).rejects.toThrow(REFUSED);
    expect(fake.calls()).toEqual([]);
  });

  it('serviceJqOptions keeps the customer policy and the isolate whatever the operator passes', () => {
    for (const given of [
      undefined,
      { binaryFallback: true },
      { policy: 'trusted' as const },
      { policy: 'trusted' as const, binaryFallback: true, isolation: { timeoutMs: 5 } },
    ]) {
      const options = serviceJqOptions(given);
      expect(options.policy).toBe('customer');
      expect(options).not.toHaveProperty('binaryFallback');
      expect(options.isolation).toBeDefined();
    }
  });
});
