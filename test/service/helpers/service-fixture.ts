/**
 * One open service per test file: on the embedded database in a fresh data directory, or (for
 * test/postgres/) on a scratch database of the PostgreSQL server. Tests create their own tenants.
 */
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openService, type Service, type ServiceOptions } from '../../../src/service/index.js';
import { makeTempDir } from './temp-dir.js';
import { seedDataDir } from '../../setup/pglite-template.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';

export interface ServiceFixture {
  service: Service;
  /** The embedded data directory (undefined on PostgreSQL). */
  dataDir: string | undefined;
  options: ServiceOptions;
}

export interface StorageSetup {
  options(): Promise<ServiceOptions>;
  cleanup(): Promise<void>;
}

/** A fresh data directory holding the migrated template (test/setup/pglite-template.ts). */
/** An embedded store in a temporary directory, copied from the migrated template unless `template: false` (a test that migrates an older store itself). */
export function embeddedStorage(prefix: string, options: { template?: boolean } = {}): StorageSetup {
  let dir: Awaited<ReturnType<typeof makeTempDir>> | undefined;
  return {
    async options() {
      dir = await makeTempDir(prefix);
      const dataDir = join(dir.path, 'data');
      return { dataDir: options.template === false ? dataDir : await seedDataDir(dataDir) };
    },
    cleanup: async () => dir?.remove(),
  };
}

export function useService(storage: StorageSetup, extra: Partial<ServiceOptions> = {}): ServiceFixture {
  const fixture = {} as ServiceFixture;
  beforeAll(async () => {
    // The simulators listen on loopback, which the service's strict default refuses.
    fixture.options = { egress: ALLOW_LOOPBACK, ...(await storage.options()), ...extra } as ServiceOptions;
    fixture.dataDir = 'dataDir' in fixture.options ? fixture.options.dataDir : undefined;
    fixture.service = await openService(fixture.options);
  });
  afterAll(async () => {
    await fixture.service?.close();
    await storage.cleanup();
  });
  return fixture;
}
