/**
 * The service as `connector service start` runs it (embedded database in a temporary directory,
 * the API and the console on one 127.0.0.1 socket, workers in the process), with the
 * incident-platform simulator as the target and a tenant holding an admin and a viewer token.
 */
import { join } from 'node:path';
import { buildHttpApp } from '../../src/service/http/build-app.js';
import { openService, type Service } from '../../src/service/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../src/simulators/incident-platform/index.js';
import { makeTempDir } from '../service/helpers/temp-dir.js';
import { seedDataDir } from '../setup/pglite-template.js';

export interface ConsoleService {
  origin: string;
  service: Service;
  incident: IncidentPlatformSimulator;
  tenantId: string;
  admin: string;
  viewer: string;
  /** A viewer operator account (username and password sign-in). */
  viewerAccount: { username: string; password: string };
  /** Every secret the pages must never show: the tokens and the target's API key. */
  secrets: string[];
  close(): Promise<void>;
}

export async function startConsoleService(input: { targetKey: string; scriptName: string }): Promise<ConsoleService> {
  const dir = await makeTempDir('console-browser');
  const users = seedUsers({ count: 36, withoutEmailEvery: 0 });
  users.push({ id: 'PXSS001', name: input.scriptName, email: 'mallory@example.com', role: 'user', timeZone: 'UTC' });
  const incident = await startIncidentPlatform({ users, keys: { [input.targetKey]: 'full' } });
  // The simulator listens on loopback, which the service's default egress policy refuses.
  const service = await openService({ dataDir: await seedDataDir(join(dir.path, 'data')), egress: ALLOW_LOOPBACK });
  const { app } = await buildHttpApp({ service });
  await service.startWorkers();
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const tenant = await service.tenants.create({ name: 'default', plan: 'standard', actor: 'operator' });
  const admin = await service.tokens.create({ tenantId: tenant.id, role: 'admin', name: 'first admin token', actor: 'operator' });
  const viewer = await service.tokens.create({ tenantId: tenant.id, role: 'viewer', name: 'dashboards', actor: 'operator' });
  const viewerAccount = { username: 'vic.viewer', password: 'browser-canary-passphrase-3e8b' };
  await service.operators.create({ tenantId: tenant.id, ...viewerAccount, role: 'viewer', actor: 'operator' });
  return {
    origin,
    service,
    incident,
    tenantId: tenant.id,
    admin: admin.token,
    viewer: viewer.token,
    viewerAccount,
    secrets: [admin.token, viewer.token, viewerAccount.password, input.targetKey],
    async close() {
      await app.close();
      await service.stopWorkers();
      await service.close();
      await incident.close();
      await dir.remove();
    },
  };
}
