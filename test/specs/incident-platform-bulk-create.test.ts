/**
 * PagerDuty refuses more than 50 user creations at one time. The prebuilt spec's createUser has
 * `maxInFlight: 50`, so a bulk onboarding of 120 people through one connection keeps at most 50
 * POST /users in flight and none is refused; the same spec without the cap gets refusals.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import { compileSpecText } from '../../src/compiler/index.js';
import type { CompiledConnector } from '../../src/connector.js';
import {
  createConcurrencyState,
  DEMO_FULL_ACCESS_KEY,
  holdCreations,
  MAX_CONCURRENT_CREATES,
  seedUsers,
  startIncidentPlatform,
  type CreateConcurrency,
  type IncidentPlatformSimulator,
} from '../../src/simulators/incident-platform/index.js';
import { REPO_ROOT } from './helpers/load-spec.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { waitUntil } from '../service/helpers/wait-until.js';

const SPEC_FILE = 'specs/prebuilt/incident-platform.yaml';
const PEOPLE = Array.from({ length: 120 }, (_, index) => ({ email: `bulk.person${index}@example.com`, name: `Bulk Person ${index}` }));

let simulator: IncidentPlatformSimulator;
let capped: CompiledConnector;
let uncapped: CompiledConnector;

beforeAll(async () => {
  simulator = await startIncidentPlatform({ users: seedUsers({ count: 10 }) });
  const text = await readFile(`${REPO_ROOT}${SPEC_FILE}`, 'utf8');
  capped = await compileSpecText({ text, file: SPEC_FILE });
  const withoutCap = text.replace(/^ {4}maxInFlight: 50\n/mu, '');
  expect(withoutCap).not.toBe(text);
  uncapped = await compileSpecText({ text: withoutCap, file: SPEC_FILE });
});
afterAll(() => simulator.close());
beforeEach(() => {
  simulator.state.users = seedUsers({ count: 10 });
  simulator.state.createConcurrency = createConcurrencyState();
});

/** 120 createUser calls at once through one connection, with sockets enough for all of them. */
function createAll(connector: CompiledConnector) {
  const client = connect(
    connector,
    { token: DEMO_FULL_ACCESS_KEY },
    { egress: ALLOW_LOOPBACK, baseUrl: simulator.server.origin, retry: { maxAttempts: 1 }, maxConnectionsPerOrigin: 128 },
  );
  return Promise.allSettled(PEOPLE.map((person) => client.createUser(person))).finally(() => client.close());
}

/** createAll, its creations held at the simulator until `until` holds of its gate (bounded: `what` names it). */
async function createAllHeldUntil(connector: CompiledConnector, what: string, until: (gate: CreateConcurrency) => boolean) {
  const release = holdCreations(simulator.state);
  const creating = createAll(connector);
  try {
    await waitUntil(what, async () => ({ ...simulator.state.createConcurrency }), until, { intervalMs: 20 });
  } finally {
    release();
  }
  return creating;
}

describe('incident-platform Create User in bulk', () => {
  it('declares the cap on createUser', () => {
    expect(capped.spec.actions.createUser?.maxInFlight).toBe(MAX_CONCURRENT_CREATES);
  });

  it('creates all 120 with at most 50 in flight at once', async () => {
    // Held until 50 are in flight at the target: the cap reached, never passed.
    const results = await createAllHeldUntil(capped, '50 creations in flight', (gate) => gate.inFlight >= MAX_CONCURRENT_CREATES);
    const failed = results.filter((result) => result.status === 'rejected');
    expect(failed).toEqual([]);
    const gate = simulator.state.createConcurrency;
    expect(gate.refused).toBe(0);
    expect(gate.peak).toBe(MAX_CONCURRENT_CREATES);
    const created = simulator.state.users.map((user) => user.email).filter((email) => email?.startsWith('bulk.person'));
    expect(created.sort()).toEqual(PEOPLE.map((person) => person.email).sort());
  });

  it('without the cap, the target refuses the creations over 50 (429, RATE_LIMITED)', async () => {
    // Held until the target has refused one: however slowly a loaded machine sends the other 70.
    const results = await createAllHeldUntil(uncapped, 'a creation refused over the limit', (gate) => gate.refused > 0);
    const failed = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as { code: string; status?: number; message: string }] : []));
    const gate = simulator.state.createConcurrency;
    expect(gate.refused).toBeGreaterThan(0);
    expect(failed.length).toBe(gate.refused);
    expect(failed[0]).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect(failed[0]?.message).toContain('No more than 50 users can be created at one time.');
  });
});
