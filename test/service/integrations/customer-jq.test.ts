/**
 * A customer's jq never reaches a jq binary: with a jq installed on the host (a stand-in on PATH),
 * a build-your-own spec whose mapping uses a construct the in-process engine refuses is refused
 * at creation with a located diagnostic, and the binary is never run. A connector a host loads
 * itself as `type: custom` gets the same default from connect(), unless the host turns it on.
 */
import { describe, expect, it } from 'vitest';
import { compileSpecText } from '../../../src/compiler/index.js';
import { connect } from '../../../src/index.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';
import { serveHandlers } from '../../../src/simulators/serve-handlers.js';
import { http, HttpResponse } from 'msw';
import { installFakeJq, restoreJqEnvAfterEach } from '../../jq/fake-jq-binary.js';
import { embeddedStorage, useService } from '../helpers/service-fixture.js';
import { BYO_SPEC } from './byo-specs.js';

const fixture = useService(embeddedStorage('customer-jq'));
const savedPath = restoreJqEnvAfterEach();

const REFUSED = 'input_filename';
const WITH_REFUSED = BYO_SPEC.replace(`name: '.name // ""'`, `name: '${REFUSED} // ""'`);

function installJq() {
  const fake = installFakeJq({ [`${REFUSED} // ""`]: { run: { stdout: '"from the binary"\n' } } });
  delete process.env.JQ_PATH;
  process.env.PATH = `${fake.dir}:${savedPath ?? ''}`;
  return fake;
}

describe('the jq binary fallback and customer specs', () => {
  it('refuses a build-your-own spec the in-process engine refuses, without running the installed jq', async () => {
    expect(WITH_REFUSED).not.toBe(BYO_SPEC);
    const fake = installJq();
    const { service } = fixture;
    const tenant = await service.tenants.create({ name: 'Jq', plan: 'standard', actor: 'ops' });
    const refused = await service.integrations.create({ tenantId: tenant.id, actor: 'ops', type: 'build-your-own', spec: WITH_REFUSED, baseUrl: 'https://pager.example.com' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'INVALID_SPEC' });
    const diagnostics = (refused as { diagnostics: { message: string; line: number }[] }).diagnostics;
    expect(diagnostics.some((diagnostic) => diagnostic.message.includes(REFUSED) && diagnostic.line > 1)).toBe(true);
    expect(fake.calls()).toEqual([]);
  });

  it('connect() keeps the fallback off for a custom spec the host compiled where jq is installed', async () => {
    const target = await serveHandlers(http.get('*/users', () => HttpResponse.json({ users: [{ id: 'u1', email: 'ann@example.com', name: 'Ann' }] })));
    try {
      const fake = installJq();
      const compiled = await compileSpecText({ text: WITH_REFUSED, file: 'acme.yaml' });
      const before = fake.calls().length;
      const client = connect(compiled, { baseUrl: target.origin, token: 'a-long-enough-token' }, { egress: ALLOW_LOOPBACK });
      try {
        await expect(client.importUsers().collect()).rejects.toMatchObject({ code: 'CONFIG', message: expect.stringContaining(REFUSED) });
      } finally {
        await client.close();
      }
      expect(fake.calls()).toHaveLength(before);
      expect(target.requests).toEqual([]);
    } finally {
      await target.close();
    }
  });
});
