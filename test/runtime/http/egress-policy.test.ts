/**
 * The egress policy (issue 15): a base URL, token URL or address in any spelling that is not
 * public is refused before anything is dialled, unless the host allows it explicitly.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { connect } from '../../../src/runtime/connect.js';
import { ALLOW_LOOPBACK, createEgressGuard, describeNonPublic } from '../../../src/runtime/http/egress-policy.js';
import { makeConnector, usersImport } from '../fixtures.js';

let server: HandlerServer;
beforeAll(async () => {
  server = await serveHandlers(http.get('*/users', () => HttpResponse.json({ users: [{ id: '1', email: 'a@b.test', name: 'A' }] })));
});
afterEach(() => server.reset());
afterAll(() => server.close());

const connector = makeConnector({ actions: { importUsers: usersImport } });
const port = () => new URL(server.origin).port;

async function failureOf(promise: Promise<unknown>): Promise<{ code?: string; message?: string; hint?: string }> {
  return promise.then(
    () => ({ code: 'none' }),
    (error: { code?: string; message?: string; hint?: string }) => error,
  );
}

function failureOfSync(run: () => void): { code?: string; message?: string } {
  try {
    run();
    return { code: 'none' };
  } catch (error) {
    return error as { code?: string; message?: string };
  }
}

describe('the default policy (public addresses only)', () => {
  it.each([
    { host: '127.0.0.1', why: 'loopback' },
    { host: '[::1]', why: 'loopback' },
    { host: '2130706433', why: 'loopback' },
    { host: '0x7f.1', why: 'loopback' },
    { host: '017700000001', why: 'loopback' },
    { host: '[::ffff:127.0.0.1]', why: 'loopback' },
    { host: '169.254.169.254', why: 'link-local' },
    { host: '10.0.0.1', why: 'private' },
    { host: '192.168.1.10', why: 'private' },
    { host: '[fd00:ec2::254]', why: 'unique-local' },
    { host: '[64:ff9b::7f00:1]', why: 'NAT64' },
    { host: 'metadata.google.internal', why: 'metadata' },
  ])('refuses $host ($why) before dialling, with EGRESS_DENIED', async ({ host, why }) => {
    const client = connect(connector, {}, { baseUrl: `http://${host}:${port()}`, retry: { maxAttempts: 1 } });
    const error = await failureOf(client.importUsers().collect());
    expect(error.code).toBe('EGRESS_DENIED');
    expect(error.message).toContain(why);
    expect(error.hint).toContain('allow');
    expect(server.requests).toEqual([]);
    await client.close();
  });

  it('test() returns nothing from a refused address (no full-read SSRF)', async () => {
    const client = connect(connector, {}, { baseUrl: server.origin });
    await expect(client.test('importUsers')).rejects.toMatchObject({ code: 'EGRESS_DENIED' });
    expect(server.requests).toEqual([]);
    await client.close();
  });

  it('refuses a token URL on a private address, sending nothing anywhere', async () => {
    const oauth = makeConnector({
      auth: { type: 'oauth2', grant: 'client_credentials', tokenUrl: 'http://10.0.0.1/oauth/token' },
      actions: { importUsers: usersImport },
    });
    const client = connect(oauth, { clientId: 'cid', clientSecret: 'cs' }, { baseUrl: server.origin, egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 } });
    expect(await failureOf(client.importUsers().collect())).toMatchObject({ code: 'EGRESS_DENIED', message: expect.stringContaining('10.0.0.1') });
    expect(server.requests).toEqual([]);
    await client.close();
  });

  it('resolves a name, refuses it when any of its addresses is not public, and connects to the checked address', async () => {
    const lookup = (policy: Parameters<typeof createEgressGuard>[0]) =>
      new Promise<unknown>((resolve) => createEgressGuard(policy).lookup('localhost', {}, (error, address) => resolve(error ?? address)));
    expect(await lookup({})).toMatchObject({ code: 'EGRESS_DENIED' });
    expect(await lookup(ALLOW_LOOPBACK)).toMatch(/^(127\.0\.0\.1|::1)$/u);
  });
});

describe('explicit allowances', () => {
  it('reaches a loopback target the host allows', async () => {
    const client = connect(connector, {}, { baseUrl: server.origin, egress: ALLOW_LOOPBACK });
    expect(await client.importUsers().collect()).toHaveLength(1);
    await client.close();
  });

  it('a deny entry wins over an allow entry', async () => {
    const client = connect(connector, {}, { baseUrl: server.origin, egress: { allow: ['127.0.0.0/8'], deny: ['127.0.0.1'] } });
    expect(await failureOf(client.importUsers().collect())).toMatchObject({
      code: 'EGRESS_DENIED',
      message: expect.stringContaining('denied by the egress policy'),
    });
    await client.close();
  });

  it("remembers each host's verdict, and names each refused request's own action", () => {
    const guard = createEgressGuard({ allow: ['127.0.0.1'] });
    const check = (url: string, action: string) => failureOfSync(() => guard.checkUrl(new URL(url), action));
    for (let round = 0; round < 2; round += 1) {
      expect(check('http://127.0.0.1:9/users', 'importUsers')).toEqual({ code: 'none' });
      expect(check('http://10.0.0.1/users', 'importUsers')).toMatchObject({
        code: 'EGRESS_DENIED',
        message: expect.stringMatching(/^importUsers: refused to connect to 10\.0\.0\.1 \(a private address\)/u),
      });
      expect(check('http://10.0.0.1/users/7', 'deleteUser')).toMatchObject({
        code: 'EGRESS_DENIED',
        message: expect.stringMatching(/^deleteUser: refused to connect to 10\.0\.0\.1/u),
      });
      expect(check('http://[::ffff:10.0.0.1]/', 'test')).toMatchObject({
        code: 'EGRESS_DENIED',
        message: expect.stringContaining('test: refused to connect to ::ffff:a00:1'),
      });
    }
    // Past the remembered hosts' bound the verdicts are made again, the same.
    for (let host = 0; host < 300; host += 1) expect(check(`http://10.1.${host >> 8}.${host & 255}/`, 'test')).toMatchObject({ code: 'EGRESS_DENIED' });
    expect(check('http://127.0.0.1:9/users', 'importUsers')).toEqual({ code: 'none' });
  });

  it('refuses a malformed policy entry as CONFIG', () => {
    expect(() => createEgressGuard({ allow: ['10.0.0.0/99'] })).toThrow(/invalid prefix length/u);
    expect(() => createEgressGuard({ allow: ['http://x'] })).toThrow(/neither an address/u);
  });

  it('knows public from non-public addresses', () => {
    expect(describeNonPublic('8.8.8.8')).toBeUndefined();
    expect(describeNonPublic('2606:4700::1111')).toBeUndefined();
    expect(describeNonPublic('172.20.1.1')).toBe('private');
    expect(describeNonPublic('::ffff:10.1.2.3')).toMatch(/^private \(10\.1\.2\.3, carried by/u);
  });
});
