/**
 * A target that rotates refresh tokens (RFC 6749 §6: it may issue a new refresh token and revoke
 * the old one at each use). The integration keeps the token the target issued: at the test of a
 * saved authentication (the probe and the save go on with it), at an authorization code's
 * exchange, and at each later connection's renewal; an authentication saved again meanwhile stands.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import type { ServiceFixture } from '../helpers/service-fixture.js';
import { openService, type Service } from '../../../src/service/index.js';
import { lockRefreshTokenRenewal } from '../../../src/service/store/integration-rows.js';
import type { Queryable } from '../../../src/service/store/database.js';
import { withClient } from '../../postgres/helpers/scratch-database.js';
import { waitUntil } from '../helpers/wait-until.js';

const CLIENT = { clientId: 'rotating-client', clientSecret: 'cl1ent-Secret/rot' };

function specFor(grant: 'refresh_token' | 'authorization_code'): string {
  const grantInputs =
    grant === 'refresh_token'
      ? '  refreshToken: {label: Refresh token, secret: true, required: true}\n'
      : '  authorizationCode: {label: Code, secret: true}\n  redirectUri: {label: Redirect URI}\n  refreshToken: {label: Refresh token, secret: true}\n';
  const grantAuth = grant === 'refresh_token' ? '' : '  authorizationUrl: /oauth/authorize\n  pkce: false\n';
  return `specVersion: 1
id: rotating-${grant.replace('_', '-')}
name: Rotating tokens
type: custom
inputs:
  baseUrl: {label: Base URL, type: url, required: true}
  clientId: {label: Client ID, required: true}
  clientSecret: {label: Client secret, secret: true, required: true}
${grantInputs}auth:
  type: oauth2
  grant: ${grant}
  tokenUrl: /oauth/token
  clientAuth: client_secret_post
${grantAuth}actions:
  importUsers:
    path: /users
    records: .users
    mapping: {id: .id, email: '.email // ""', name: '.name // ""'}
`;
}

/** The target's token state: every refresh token is single-use, and each use issues the next. */
interface Tokens {
  /** Refresh tokens that may still be used. */
  valid: Set<string>;
  /** The authorization code, until it is exchanged. */
  code: string | undefined;
  /** Each refresh token presented, in order, with whether it was accepted. */
  presented: Array<{ token: string; accepted: boolean }>;
  issued: number;
  access: Set<string>;
  /** Holds the renewal presenting this token until `release` is called. */
  hold: { token: string; arrived: () => void; release: Promise<void> } | undefined;
}

/** `acrossProcesses`: a second service opens the same database (PostgreSQL; the embedded database belongs to one process). */
export function describeRotatedRefreshTokens(fixture: ServiceFixture, options: { acrossProcesses?: boolean } = {}): void {
  let target: HandlerServer;
  const tokens: Tokens = { valid: new Set(), code: undefined, presented: [], issued: 0, access: new Set(), hold: undefined };

  const issue = () => {
    tokens.issued += 1;
    const access = `acc3ss-${tokens.issued}-${'x'.repeat(8)}`;
    const refresh = `r3fresh-${tokens.issued}-${'y'.repeat(8)}`;
    tokens.access.add(access);
    tokens.valid.add(refresh);
    return HttpResponse.json({ access_token: access, token_type: 'Bearer', expires_in: 3600, refresh_token: refresh });
  };

  beforeAll(async () => {
    target = await serveHandlers(
      http.post('*/oauth/token', async ({ request }) => {
        const form = new URLSearchParams(await request.text());
        if (form.get('client_id') !== CLIENT.clientId || form.get('client_secret') !== CLIENT.clientSecret) {
          return HttpResponse.json({ error: 'invalid_client' }, { status: 401 });
        }
        if (form.get('grant_type') === 'authorization_code') {
          if (tokens.code === undefined || form.get('code') !== tokens.code) return HttpResponse.json({ error: 'invalid_grant' }, { status: 400 });
          tokens.code = undefined;
          return issue();
        }
        const presented = form.get('refresh_token') ?? '';
        if (tokens.hold?.token === presented) {
          tokens.hold.arrived();
          await tokens.hold.release;
        }
        const accepted = tokens.valid.delete(presented);
        tokens.presented.push({ token: presented, accepted });
        return accepted ? issue() : HttpResponse.json({ error: 'invalid_grant', error_description: 'refresh token revoked' }, { status: 400 });
      }),
      http.get('*/users', ({ request }) => {
        const bearer = request.headers.get('authorization')?.replace(/^Bearer /u, '') ?? '';
        if (!tokens.access.has(bearer)) return HttpResponse.json({ error: 'invalid_token' }, { status: 401 });
        return HttpResponse.json({ users: [{ id: 'u1', email: 'ada@example.com', name: 'Ada' }] });
      }),
    );
  });
  afterAll(() => target.close());
  beforeEach(() => {
    tokens.valid.clear();
    tokens.presented.length = 0;
    tokens.code = undefined;
    tokens.hold = undefined;
  });

  /** A new tenant and build-your-own integration of the grant's spec. */
  async function integration(grant: 'refresh_token' | 'authorization_code') {
    const { service } = fixture;
    const tenant = await service.tenants.create({ name: `Rotating ${grant}`, plan: 'standard', actor: 'ops' });
    const created = await service.integrations.create({
      tenantId: tenant.id,
      actor: 'ops',
      type: 'build-your-own',
      spec: specFor(grant),
      baseUrl: target.origin,
    });
    return { tenantId: tenant.id, integrationId: created.id };
  }

  /** Issues a refresh token outside the service (as the target's consent screen would). */
  const mint = () => {
    tokens.issued += 1;
    const token = `r3fresh-${tokens.issued}-minted`;
    tokens.valid.add(token);
    return token;
  };

  const testAnswer = async (ref: { tenantId: string; integrationId: string }) => (await fixture.service.inspect.test({ ...ref, actor: 'ops' })).status;
  const audit = async (ref: { tenantId: string; integrationId: string }) => fixture.service.audit.list(ref);

  it('keeps the refresh token the target issued at each renewal: the saved authentication and every later connection work', async () => {
    const ref = await integration('refresh_token');
    const given = mint();
    const saved = await fixture.service.integrations.configureAuth({
      ...ref,
      actor: 'ops',
      inputs: { baseUrl: target.origin, ...CLIENT, refreshToken: given },
    });
    expect(saved).toMatchObject({ ok: true });
    // Two later connections (Test from the console), each renewing with the token stored last.
    expect(await testAnswer(ref)).toBe(200);
    expect(await testAnswer(ref)).toBe(200);
    expect(tokens.presented.map((entry) => entry.accepted)).toEqual([true, true, true]);
    expect(tokens.presented[0]!.token).toBe(given);
    const stored = (await audit(ref)).entries.filter((entry) => entry.event === 'integration.refresh_token_stored');
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ actor: 'service', detail: { field: 'refreshToken' } });
    // No token, access or refresh, in the audit log.
    expect(JSON.stringify(await audit(ref))).not.toMatch(/r3fresh-|acc3ss-/u);
  });

  it('saves the refresh token an authorization code was exchanged for, and renews with it afterwards', async () => {
    const ref = await integration('authorization_code');
    tokens.code = 'c0de-single-use';
    const saved = await fixture.service.integrations.configureAuth({
      ...ref,
      actor: 'ops',
      inputs: { baseUrl: target.origin, ...CLIENT, authorizationCode: tokens.code, redirectUri: 'https://console.example.com/callback' },
    });
    expect(saved).toMatchObject({ ok: true });
    expect(tokens.code).toBeUndefined();
    expect(await testAnswer(ref)).toBe(200);
    expect(await testAnswer(ref)).toBe(200);
    expect(tokens.presented.map((entry) => entry.accepted)).toEqual([true, true]);
  });

  it('leaves an authentication saved while a connection renewed: the operator’s new credentials stand', async () => {
    const ref = await integration('refresh_token');
    expect(
      await fixture.service.integrations.configureAuth({ ...ref, actor: 'ops', inputs: { baseUrl: target.origin, ...CLIENT, refreshToken: mint() } }),
    ).toMatchObject({
      ok: true,
    });
    const storedByTest = [...tokens.valid][0]!;
    let arrived!: () => void;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    tokens.hold = { token: storedByTest, arrived, release: new Promise<void>((resolve) => (release = resolve)) };
    // A connection opened with the stored token is renewing it...
    const renewing = testAnswer(ref);
    await reached;
    // ...while the operator saves other credentials.
    const replacement = mint();
    expect(
      await fixture.service.integrations.configureAuth({ ...ref, actor: 'ops', inputs: { baseUrl: target.origin, ...CLIENT, refreshToken: replacement } }),
    ).toMatchObject({
      ok: true,
    });
    const savedByOperator = tokens.presented.at(-1)!;
    expect(savedByOperator).toEqual({ token: replacement, accepted: true });
    const operatorsStored = [...tokens.valid].at(-1)!;
    release();
    expect(await renewing).toBe(200);
    // The next connection renews with what the operator's save stored, not with the token the held renewal got.
    expect(await testAnswer(ref)).toBe(200);
    expect(tokens.presented.at(-1)).toEqual({ token: operatorsStored, accepted: true });
  });

  /** Reads a client's whole import (one account here). */
  async function importAll(client: Awaited<ReturnType<Service['integrations']['connect']>>): Promise<number> {
    let accounts = 0;
    for await (const page of client.importUsers()) accounts += page.accounts.length;
    return accounts;
  }

  /**
   * Two clients of one integration, opened before either renews (both read the stored token), renew
   * at once: the second waits for the first, then presents the token the first stored.
   */
  async function renewTogether(first: Service, second: Service): Promise<void> {
    const ref = await integration('refresh_token');
    expect(
      await fixture.service.integrations.configureAuth({ ...ref, actor: 'ops', inputs: { baseUrl: target.origin, ...CLIENT, refreshToken: mint() } }),
    ).toMatchObject({ ok: true });
    const stored = [...tokens.valid][0]!;
    const before = tokens.presented.length;
    const clients = [await first.integrations.connect(ref), await second.integrations.connect(ref)] as const;
    try {
      let arrived!: () => void;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      let release!: () => void;
      tokens.hold = { token: stored, arrived, release: new Promise<void>((resolve) => (release = resolve)) };
      const importing = importAll(clients[0]);
      await reached;
      const waiting = importAll(clients[1]);
      release();
      expect(await Promise.all([importing, waiting])).toEqual([1, 1]);
      const presented = tokens.presented.slice(before);
      expect(presented).toEqual([
        { token: stored, accepted: true },
        { token: expect.not.stringMatching(stored), accepted: true },
      ]);
    } finally {
      for (const client of clients) await client.close();
    }
    // What the second stored is what the next connection renews with.
    expect(await testAnswer(ref)).toBe(200);
    expect(tokens.presented.every((entry) => entry.accepted)).toBe(true);
  }

  it('two clients renewing at once present each refresh token once: the second waits, then renews with the token the first stored', async () => {
    await renewTogether(fixture.service, fixture.service);
  });

  if (options.acrossProcesses === true) {
    it('a client renews while writers waiting on a lock hold every connection of the pool: the renewal has a connection of its own', async () => {
      const databaseUrl = (fixture.options as { databaseUrl: string }).databaseUrl;
      const ref = await integration('refresh_token');
      expect(
        await fixture.service.integrations.configureAuth({ ...ref, actor: 'ops', inputs: { baseUrl: target.origin, ...CLIENT, refreshToken: mint() } }),
      ).toMatchObject({ ok: true });
      // Opened first, as a sync's client is before its import needs a new access token.
      const client = await fixture.service.integrations.connect(ref);
      const blocker = await integration('refresh_token');
      try {
        await withClient(databaseUrl, async (locker) => {
          await locker.query('BEGIN');
          await locker.query('SELECT id FROM integrations WHERE id = $1 FOR UPDATE', [blocker.integrationId]);
          // Ten renames of the locked integration: each waits holding one of the pool's ten connections.
          const renames = Array.from({ length: 10 }, (_, index) =>
            fixture.service.integrations.update({ ...blocker, name: `Renamed ${index}`, actor: 'ops' }).then(
              () => 'renamed',
              (error: unknown) => String(error),
            ),
          );
          await waitUntil(
            'ten renames waiting on the lock',
            async () => {
              // pg_stat_activity is read once per transaction (a snapshot): cleared before each read.
              await locker.query('SELECT pg_stat_clear_snapshot()');
              const { rows } = await locker.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
              );
              return rows[0]!.n;
            },
            (n) => n === 10,
          );
          expect(await importAll(client)).toBe(1);
          await locker.query('ROLLBACK');
          expect(await Promise.all(renames)).toEqual(Array.from({ length: 10 }, () => 'renamed'));
        });
      } finally {
        await client.close();
      }
      expect(tokens.presented.at(-1)).toMatchObject({ accepted: true });
    });

    it('a renewal whose process hangs while holding the turn frees it after the wait limit: the server ends its transaction', async () => {
      const databaseUrl = (fixture.options as { databaseUrl: string }).databaseUrl;
      const on = (client: { query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }> }) =>
        ({
          query: (text: string, params?: readonly unknown[]) => client.query(text, params as unknown[]),
          exec: async () => undefined,
        }) as unknown as Queryable;
      await withClient(databaseUrl, async (hung) => {
        // The hung process: it took the turn, then never sent another statement.
        hung.on('error', () => undefined);
        await hung.query('BEGIN');
        await lockRefreshTokenRenewal(on(hung), { integrationId: 'hung-integration', timeoutMs: 300 });
        await withClient(databaseUrl, async (next) => {
          await next.query('BEGIN');
          // Waits at most 20 s: the hung transaction is ended after 300 ms idle, and the turn is taken.
          await lockRefreshTokenRenewal(on(next), { integrationId: 'hung-integration', timeoutMs: 20_000 });
          await next.query('COMMIT');
        });
        await expect(hung.query('SELECT 1')).rejects.toThrow(/terminat|idle-in-transaction|Connection/iu);
      });
    });

    it('two services on one database renewing at once present each refresh token once', async () => {
      const other = await openService(fixture.options);
      try {
        await renewTogether(fixture.service, other);
      } finally {
        await other.close();
      }
    });

    it('a renewal that waits past two request deadlines for another fails loudly, and sends no refresh token', async () => {
      const ref = await integration('refresh_token');
      expect(
        await fixture.service.integrations.configureAuth({ ...ref, actor: 'ops', inputs: { baseUrl: target.origin, ...CLIENT, refreshToken: mint() } }),
      ).toMatchObject({ ok: true });
      const before = tokens.presented.length;
      const databaseUrl = (fixture.options as { databaseUrl: string }).databaseUrl;
      // Another process's renewal of this integration, stuck while holding its turn.
      await withClient(databaseUrl, async (holder) => {
        await holder.query('BEGIN');
        await lockRefreshTokenRenewal(
          {
            query: (async (text: string, params?: readonly unknown[]) => holder.query(text, params as unknown[])) as Queryable['query'],
            exec: async () => undefined,
          },
          {
            integrationId: ref.integrationId,
            timeoutMs: 60_000,
          },
        );
        // Request deadlines of 250 ms: this service waits 500 ms for its turn.
        const impatient = await openService({ ...fixture.options, timeouts: { requestMs: 250 } });
        try {
          const failed = await impatient.inspect.test({ ...ref, actor: 'ops' }).then(
            () => undefined,
            (error: unknown) => error,
          );
          expect(failed).toMatchObject({ code: 'ACTION_FAILED', failure: { code: 'AUTH_FAILED' } });
          expect(String((failed as Error).message)).toContain('withStoredRefreshToken');
        } finally {
          await impatient.close();
          await holder.query('ROLLBACK');
        }
      });
      expect(tokens.presented.length).toBe(before);
      // The turn free again, the stored token still works.
      expect(await testAnswer(ref)).toBe(200);
    });
  }
}
