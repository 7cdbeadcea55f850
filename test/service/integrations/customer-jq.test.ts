/**
 * A customer's jq never reaches a jq binary: with a jq installed on the host (a stand-in on PATH),
 * a build-your-own spec whose mapping uses a construct the in-process engine refuses is refused
 * at creation with a located diagnostic, and the binary is never run. A connector a host loads
 * itself as `type: custom` gets the same default from connect(), unless the host turns it on.
 */
import { describe, expect, it } from 'vitest';
import { compileSpecText } from '../../../src/compiler/index.js';
import { connect } from '../../../src/index.js';
import { openService } from '../../../src/service/index.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';
import { serveHandlers } from '../../../src/simulators/serve-handlers.js';
import { http, HttpResponse } from 'msw';
import { installFakeJq, restoreJqEnvAfterEach } from '../../jq/fake-jq-binary.js';
import { embeddedStorage, useService } from '../helpers/service-fixture.js';
import { BYO_SPEC } from './byo-specs.js';
import { seedDataDir } from '../../setup/pglite-template.js';

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
  it('Generate Config never hands a records path to the installed jq, even for an operator who allows the fallback (finding 2)', async () => {
    const users = { users: [{ id: 'u1', email: 'ann@example.com', name: 'Ann' }] };
    const target = await serveHandlers(http.get('*/users', () => HttpResponse.json(users)));
    try {
      const fake = installFakeJq({ '[inputs]': { run: { stdout: '[]\n' } }, [`[${REFUSED}]`]: { run: { stdout: '["/etc/passwd"]\n' } } });
      delete process.env.JQ_PATH;
      process.env.PATH = `${fake.dir}:${savedPath ?? ''}`;
      // openService's jq options are the operator's; a customer's program still gets the customer policy.
      const service = await openService({ ...fixture.options, dataDir: await seedDataDir(`${fixture.dataDir}-open`), jq: { binaryFallback: true } });
      try {
        const tenant = await service.tenants.create({ name: 'Generate', plan: 'standard', actor: 'ops' });
        const integration = await service.integrations.create({
          tenantId: tenant.id,
          actor: 'ops',
          type: 'build-your-own',
          spec: BYO_SPEC,
          baseUrl: target.origin,
        });
        const ref = { tenantId: tenant.id, integrationId: integration.id };
        expect(
          await service.integrations.configureAuth({ ...ref, actor: 'ops', inputs: { baseUrl: target.origin, token: 'a-long-enough-token' } }),
        ).toMatchObject({ ok: true });
        for (const records of ['[inputs]', `[${REFUSED}]`]) {
          const refused = await service.integrations.proposeConfig({ ...ref, actor: 'ops', records }).catch((error: unknown) => error);
          expect(refused).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/not supported|unsupported|refuse/iu) });
        }
        // The generator's own proposal runs too, in process.
        expect(await service.integrations.proposeConfig({ ...ref, actor: 'ops' })).toMatchObject({ records: { expression: '.users' } });
        expect(fake.calls()).toEqual([]);
      } finally {
        await service.close();
      }
    } finally {
      await target.close();
    }
  });

  it('refuses a build-your-own spec the in-process engine refuses, without running the installed jq', async () => {
    expect(WITH_REFUSED).not.toBe(BYO_SPEC);
    const fake = installJq();
    const { service } = fixture;
    const tenant = await service.tenants.create({ name: 'Jq', plan: 'standard', actor: 'ops' });
    const refused = await service.integrations
      .create({ tenantId: tenant.id, actor: 'ops', type: 'build-your-own', spec: WITH_REFUSED, baseUrl: 'https://pager.example.com' })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'INVALID_SPEC' });
    const diagnostics = (refused as { diagnostics: { message: string; line: number }[] }).diagnostics;
    expect(diagnostics.some((diagnostic) => diagnostic.message.includes(REFUSED) && diagnostic.line > 1)).toBe(true);
    expect(fake.calls()).toEqual([]);
  });

  it('connect() keeps the fallback off for a custom spec the host compiled where jq is installed', async () => {
    const target = await serveHandlers(http.get('*/users', () => HttpResponse.json({ users: [{ id: 'u1', email: 'ann@example.com', name: 'Ann' }] })));
    try {
      const fake = installJq();
      const compiled = await compileSpecText({ text: WITH_REFUSED, file: 'acme.yaml', jqPolicy: 'trusted' });
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
