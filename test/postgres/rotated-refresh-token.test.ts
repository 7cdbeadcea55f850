/** Rotated refresh tokens kept by the integration, on a real PostgreSQL server: the same cases as embedded, and two services renewing at once. */
import { describe } from 'vitest';
import { useService } from '../service/helpers/service-fixture.js';
import { describeRotatedRefreshTokens } from '../service/integrations/rotated-refresh-token.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const fixture = useService(postgresStorage('rotated'));
describe('refresh tokens a target rotates (PostgreSQL)', () => describeRotatedRefreshTokens(fixture, { acrossProcesses: true }));
