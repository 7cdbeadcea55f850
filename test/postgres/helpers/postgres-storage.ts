/** Service storage on a scratch PostgreSQL database, with a KEK of its own (a server needs CONNECTOR_KEK). */
import { randomBytes } from 'node:crypto';
import type { StorageSetup } from '../../service/helpers/service-fixture.js';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.js';

export function postgresStorage(prefix: string, options: { withoutTemporary?: boolean } = {}): StorageSetup {
  let scratch: ScratchDatabase | undefined;
  return {
    async options() {
      scratch = await createScratchDatabase(prefix, options);
      return { databaseUrl: scratch.url, env: { CONNECTOR_KEK: randomBytes(32).toString('base64') } };
    },
    cleanup: async () => scratch?.drop(),
  };
}
