/**
 * A shipped connector from generated/ carries its parsed jq programs: its client imports without
 * running the jq parser once, and gives the same accounts as the same spec compiled at run time
 * (no `precompiled` field), which still parses as before.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectors, incidentPlatformConnector } from '../../generated/index.js';
import { compileJqInProcess } from '../../src/jq/index.js';
import { compileConnector } from '../../src/runtime/compile-connector.js';
import { connect } from '../../src/runtime/connect.js';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../src/simulators/incident-platform/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';

// Every text handed to the jq parser, through the engine's one parse entry point.
const parsed = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock('../../src/jq/parser.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/jq/parser.js')>();
  return {
    ...original,
    parseExpression: (source: string) => {
      parsed.texts.push(source);
      return original.parseExpression(source);
    },
  };
});

let simulator: IncidentPlatformSimulator;
beforeAll(async () => {
  simulator = await startIncidentPlatform({ users: seedUsers({ count: 130 }) });
  compileJqInProcess('.'); // loads the jq prelude (parsed once per process) before counting
});
afterAll(() => simulator.close());
beforeEach(() => {
  parsed.texts.length = 0;
});

async function importAll(connector: typeof incidentPlatformConnector) {
  const client = connect(connector, { token: DEMO_FULL_ACCESS_KEY }, { egress: ALLOW_LOOPBACK, baseUrl: simulator.server.origin });
  try {
    return await client.importUsers().collect();
  } finally {
    await client.close();
  }
}

describe('precompiled connectors', () => {
  it('import with the shipped incident-platform connector without parsing any jq', async () => {
    // A copy: a new object is compiled afresh (the runtime caches per connector object).
    const accounts = await importAll({ ...incidentPlatformConnector });
    expect(accounts).toHaveLength(130);
    expect(parsed.texts).toEqual([]);
  });

  it('give the same accounts as the spec compiled at run time, which parses its programs', async () => {
    const precompiledAccounts = await importAll({ ...incidentPlatformConnector });
    const { precompiled, ...atRunTime } = incidentPlatformConnector;
    expect(precompiled?.jq).toBeDefined();
    parsed.texts.length = 0;
    const parsedAccounts = await importAll(atRunTime);
    expect(parsedAccounts).toEqual(precompiledAccounts);
    expect(parsedAccounts[0]).toMatchObject({ admin: true, role: 'owner' });
    // Every program the runtime parsed is one the generated module holds.
    expect(parsed.texts.length).toBeGreaterThan(0);
    expect(parsed.texts.every((text) => Object.hasOwn(precompiled?.jq ?? {}, text))).toBe(true);
  });

  it.each(Object.keys(connectors))('%s compiles every action, lookup and error rule without parsing', async (id) => {
    const connector = connectors[id as keyof typeof connectors];
    expect(Object.keys(connector.precompiled?.jq ?? {}).length).toBeGreaterThan(0);
    await compileConnector({ ...connector }, { policy: 'trusted' });
    expect(parsed.texts).toEqual([]);
  });
});
