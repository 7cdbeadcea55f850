/** The setup order on a real PostgreSQL server: the same cases as on the embedded database. */
import { describe, expect, it } from 'vitest';
import { openService } from '../../src/service/index.js';
import { useService } from '../service/helpers/service-fixture.js';
import { describeSetupOrder } from '../service/integrations/setup-order.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const fixture = useService(postgresStorage('setup'));
describe('setup order (PostgreSQL)', () => describeSetupOrder(fixture));

describe('key-encryption key on PostgreSQL', () => {
  it('refuses to start without CONNECTOR_KEK (there is no key file on a server)', async () => {
    const { databaseUrl } = fixture.options as { databaseUrl: string };
    await expect(openService({ databaseUrl, env: {} })).rejects.toMatchObject({ code: 'KEY_INVALID', message: expect.stringContaining('CONNECTOR_KEK') });
  });
});
