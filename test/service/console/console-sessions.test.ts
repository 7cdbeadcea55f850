/** Console sessions in the embedded database: restart, per-tenant limit, flood, throttling. */
import { describe } from 'vitest';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { describeConsoleSessions, useSessionsHarness } from './console-sessions.cases.js';

const limits = { maxPerTenant: 3, maxFailuresPerUsername: 4, maxFailuresPerAddress: 12 };
const harness = useSessionsHarness(embeddedStorage('console-sessions'), limits);

describe('console sessions (embedded)', () => describeConsoleSessions(harness, limits));
