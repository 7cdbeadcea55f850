/**
 * A customer's (`custom`) spec runs its jq in a worker thread with a wall-clock and a memory limit:
 * a program past either fails with LIMIT_EXCEEDED naming it and the setting to raise, wherever it
 * runs (a page's mapping, an outcome rule), and the same client goes on working afterwards.
 */
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { compileSpecText } from '../../src/compiler/index.js';
import { connect } from '../../src/index.js';
import { jqCompileOptions, type ConnectOptions } from '../../src/runtime/connect-options.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { serveHandlers, type HandlerServer } from '../../src/simulators/serve-handlers.js';

const servers: HandlerServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function spec(name: string, extra = ''): string {
  return `specVersion: 1
id: isolated-app
name: Isolated app
type: custom
baseUrl: https://app.example.com
inputs:
  token: {label: API key, secret: true, required: true}
auth: {type: bearer, token: token}
actions:
  importUsers:
    path: /users
    records: .users
    mapping: {id: .id, email: '.email // ""', name: ${name}}
${extra}`;
}

async function clientFor(specText: string, jq: ConnectOptions['jq'], users: () => unknown[]) {
  const target = await serveHandlers(
    http.get('*/users', () => HttpResponse.json({ users: users() })),
    http.delete('*/users/:id', () => HttpResponse.json({ error: { code: 'gone' } }, { status: 404 })),
  );
  servers.push(target);
  const compiled = await compileSpecText({ text: specText, file: 'isolated.yaml' });
  return connect(compiled, { token: 'a-long-enough-token' }, { baseUrl: target.origin, egress: ALLOW_LOOPBACK, jq });
}

const GREEDY = `'if .greedy then ([limit(100; repeat([range(1e6)]))] | length) else (.name // "") end'`;
const LOOPING = `'if .loop then (reduce range(1e15) as $i (0; . + 1)) else (.name // "") end'`;

describe("isolation of a custom spec's jq", () => {
  it('a mapping past the memory cap is LIMIT_EXCEEDED naming maxMemoryMb; the next import of the same client works', async () => {
    let greedy = true;
    // The wall-clock limit far above the default (10 s): on a loaded machine the heap cap must still be the one met.
    const client = await clientFor(spec(GREEDY), { isolation: { maxMemoryMb: 64, timeoutMs: 45_000 }, limits: { maxSteps: 1e12 } }, () => [
      { id: 'u1', email: 'u1@example.com', name: 'Ann', greedy },
    ]);
    try {
      const error = await client
        .importUsers()
        .collect()
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        code: 'LIMIT_EXCEEDED',
        message: expect.stringContaining('maxMemoryMb'),
        hint: expect.stringContaining('jq: { isolation: { maxMemoryMb'),
      });
      greedy = false;
      expect(await client.importUsers().collect()).toEqual([{ id: 'u1', email: 'u1@example.com', name: 'Ann' }]);
    } finally {
      await client.close();
    }
  });

  it('a mapping past the time limit is LIMIT_EXCEEDED naming timeoutMs', async () => {
    const client = await clientFor(spec(LOOPING), { isolation: { timeoutMs: 300 }, limits: { maxSteps: 1e15 } }, () => [{ id: 'u1', loop: true }]);
    try {
      await expect(client.importUsers().collect()).rejects.toMatchObject({
        code: 'LIMIT_EXCEEDED',
        message: expect.stringMatching(/mapping passed the jq limit timeoutMs.*300 ms/u),
      });
    } finally {
      await client.close();
    }
  });

  it('an outcome rule stopped by a limit is LIMIT_EXCEEDED, never read as "no match"', async () => {
    const deleteUser = `  deleteUser:
    method: DELETE
    path: /users/{account.id}
    success: [204]
    outcomes:
      - {status: 404, when: 'reduce range(1e15) as $i (0; . + 1) | . > 0', means: alreadyAbsent}
`;
    const client = await clientFor(spec(`'.name // ""'`, deleteUser), { isolation: { timeoutMs: 300 }, limits: { maxSteps: 1e15 } }, () => []);
    try {
      await expect(client.deleteUser({ id: 'u1' })).rejects.toMatchObject({
        code: 'LIMIT_EXCEEDED',
        message: expect.stringContaining('outcome rule for status 404'),
      });
    } finally {
      await client.close();
    }
  });
});

describe("where a connection's jq runs by default", () => {
  it("isolated for a customer's custom spec, on the calling thread for shipped specs; the host decides either way", () => {
    expect(jqCompileOptions('custom')).toEqual({ policy: 'customer', isolation: {} });
    expect(jqCompileOptions('prebuilt')).toEqual({ policy: 'customer' });
    expect(jqCompileOptions('scim')).toEqual({ policy: 'customer' });
    expect(jqCompileOptions('custom', { isolation: false })).toEqual({ policy: 'customer' });
    expect(jqCompileOptions('prebuilt', { isolation: { timeoutMs: 5 }, limits: { maxSteps: 9 } })).toEqual({
      policy: 'customer',
      isolation: { timeoutMs: 5 },
      limits: { maxSteps: 9 },
    });
  });

  it('falls back to a jq binary only when the host says the programs are trusted', () => {
    expect(jqCompileOptions('prebuilt', { policy: 'trusted' })).toEqual({ policy: 'trusted' });
    expect(jqCompileOptions('custom', { binaryFallback: true })).toEqual({ policy: 'trusted', isolation: {} });
    expect(jqCompileOptions('prebuilt', { binaryFallback: false })).toEqual({ policy: 'customer' });
  });
});
