/**
 * Shared set-up of the incident platform contract tests: one simulator per test file, reset to
 * a fresh seeded account before each test, and the prebuilt spec connected to it.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { connect } from '../../../src/index.js';
import type { CompiledConnector } from '../../../src/connector.js';
import type { RecordedRequest } from '../../../src/simulators/serve-handlers.js';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { pathOf } from './assertions.js';
import { loadSpec } from './load-spec.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';

export const SPEC_FILE = 'specs/prebuilt/incident-platform.yaml';

export interface IncidentFixture {
  simulator: IncidentPlatformSimulator;
  connector: CompiledConnector;
  /** Connects the prebuilt spec to the simulator; no retries unless asked for. */
  connectTo(inputs?: Record<string, string | undefined>, options?: Parameters<typeof connect>[2]): ReturnType<typeof connect>;
  /** Requests of one method and path, in order. */
  requestsTo(method: string, pathname: string): RecordedRequest[];
}

export function useIncidentPlatform(userCount: number): IncidentFixture {
  const fixture = {} as IncidentFixture;
  beforeAll(async () => {
    fixture.simulator = await startIncidentPlatform({ users: seedUsers({ count: userCount }) });
    fixture.connector = await loadSpec(SPEC_FILE);
    fixture.connectTo = (inputs = { token: DEMO_FULL_ACCESS_KEY }, options = {}) =>
      connect(fixture.connector, inputs, { egress: ALLOW_LOOPBACK, baseUrl: fixture.simulator.server.origin, retry: { maxAttempts: 1 }, ...options });
    fixture.requestsTo = (method, pathname) => fixture.simulator.server.requests.filter((request) => request.method === method && pathOf(request) === pathname);
  });
  afterAll(() => fixture.simulator.close());
  beforeEach(() => {
    const { state, server } = fixture.simulator;
    state.users = seedUsers({ count: userCount });
    state.canManageUsers = true;
    state.rateLimit = { limit: 960, remaining: 960, resetSeconds: 60 };
    state.forbiddenCalls.length = 0;
    server.reset();
  });
  return fixture;
}
