/**
 * kill -9 in the middle of saving configurations: the service (a child process) saves
 * authentication in a loop, four requests in flight, until it is killed. Reopened on the same
 * storage (the embedded directory's dead lock is stale), every integration is either fully
 * configured (settings, sealed key that decrypts, audit entry) or not at all, and the CLI starts
 * on it again. Shared by the embedded run and test/postgres/.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { openService, type Integration, type ServiceOptions } from '../../../src/service/index.js';
import { startServiceProcess, stopServiceProcess } from '../helpers/service-process.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';
import { waitUntil } from '../helpers/wait-until.js';

/** The storage one crash test runs on: how the child process is started, and how the test opens it afterwards. */
export interface CrashStorage {
  setup(): Promise<void>;
  /** `--data-dir` for the child (embedded), or none with `DATABASE_URL` in `env` (PostgreSQL). */
  process(): { dataDir?: string; env?: NodeJS.ProcessEnv };
  options(): ServiceOptions;
  cleanup(): Promise<void>;
}

export function describeCrash(storage: CrashStorage): void {
  let incident: IncidentPlatformSimulator;

  beforeAll(async () => {
    await storage.setup();
    incident = await startIncidentPlatform({ users: seedUsers({ count: 2 }) });
  });
  afterAll(async () => {
    await incident?.close();
    await storage.cleanup();
  });

  it('a service killed with SIGKILL while saving reopens with nothing half-saved', { timeout: 240_000 }, async () => {
    const service = await startServiceProcess({ ...storage.process(), args: ['--quiet'] });
    const headers = { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' };
    const send = (method: string, path: string, body: unknown) => fetch(`${service.url}${path}`, { method, headers, body: JSON.stringify(body) });
    let saved = 0;
    let killed = false;
    const saver = async () => {
      while (!killed) {
        try {
          const created = await send('POST', '/v1/integrations', { type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin });
          const { id } = (await created.json()) as { id: string };
          const auth = await send('PUT', `/v1/integrations/${id}/auth`, { inputs: { token: DEMO_FULL_ACCESS_KEY, fromEmail: 'owner@acme.test' } });
          if (auth.status === 200) saved += 1;
        } catch {
          // The connection died with the process.
        }
      }
    };
    const savers = [saver(), saver(), saver(), saver()];
    // Kill once several configurations are saved, with more in flight.
    await waitUntil(
      'six configurations saved',
      async () => saved,
      (count) => count >= 6,
      { intervalMs: 20 },
    );
    service.child.kill('SIGKILL');
    killed = true;
    expect(await service.exited).toBe('SIGKILL');
    await Promise.all(savers);

    const reopened = await openService({ ...storage.options(), egress: ALLOW_LOOPBACK });
    try {
      const [tenant] = await reopened.tenants.list();
      const integrations: Integration[] = await reopened.integrations.list({ tenantId: tenant!.id });
      const configured = integrations.filter((integration) => integration.authConfigured);
      expect(configured.length).toBeGreaterThanOrEqual(saved);
      const audit = await reopened.audit.list({ tenantId: tenant!.id, limit: 500 });
      const auditedAuth = new Set(audit.entries.filter((entry) => entry.event === 'integration.auth_configured').map((entry) => entry.integrationId));
      const auditedCreate = new Set(audit.entries.filter((entry) => entry.event === 'integration.created').map((entry) => entry.integrationId));
      for (const integration of integrations) {
        expect(auditedCreate.has(integration.id)).toBe(true);
        if (integration.authConfigured) {
          expect(integration.credentialFields).toEqual(['token']);
          expect(integration.settings).toEqual({ fromEmail: 'owner@acme.test' });
          expect(auditedAuth.has(integration.id)).toBe(true);
          const client = await reopened.integrations.connect({ tenantId: tenant!.id, integrationId: integration.id });
          await expect(client.testConnection()).resolves.toMatchObject({ ok: true });
          await client.close();
        } else {
          expect(integration.credentialFields).toEqual([]);
          expect(integration.settings).toEqual({});
          expect(auditedAuth.has(integration.id)).toBe(false);
        }
      }
    } finally {
      await reopened.close();
    }

    // And the CLI starts on it again.
    const restarted = await startServiceProcess({ ...storage.process(), args: ['--quiet'] });
    expect(restarted.token).toBeUndefined();
    const code = await stopServiceProcess(restarted);
    expect(code, restarted.stderr()).toBe(0);
  });
}
