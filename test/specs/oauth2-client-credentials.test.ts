/**
 * Contract tests of specs/examples/oauth2-client-credentials.yaml (OAuth 2.0 client credentials
 * with scopes, offset pages with a total, and the `orderAsset` custom action) against the
 * asset-management fake target.
 */
import { describe, expect, it } from 'vitest';
import { assetHandlers, createAssetState } from '../targets/oauth2-client-credentials/handlers.js';
import { queryOf, rejectionOf } from './helpers/assertions.js';
import { useFakeTarget } from './helpers/fake-target-fixture.js';

const fixture = useFakeTarget({
  specFile: 'specs/examples/oauth2-client-credentials.yaml',
  createState: () => createAssetState(12),
  handlers: assetHandlers,
});
const client = () => ({ clientId: fixture.state.clientId, clientSecret: fixture.state.clientSecret });
const newHire = { email: 'kiri.tanaka@example.com', name: 'Kiri Tanaka' };

describe('oauth2-client-credentials example', () => {
  it('gets one token with the scopes, then pages by offset up to the total', async () => {
    const accounts = await fixture.connectTo(client()).importUsers().collect();
    const tokens = fixture.requestsTo('POST', '/oauth/token');
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.headers.authorization).toBe(`Basic ${Buffer.from('asset-client:asset-secret-value').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(tokens[0]?.body))).toEqual({
      grant_type: 'client_credentials',
      scope: 'people:read people:write assets:write',
    });
    const lists = fixture.requestsTo('GET', '/api/people');
    expect(lists.map(queryOf)).toEqual([0, 5, 10].map((offset) => ({ offset: String(offset), limit: '5' })));
    const [token] = fixture.state.tokens.keys();
    expect(lists.every((request) => request.headers.authorization === `Bearer ${token}`)).toBe(true);
    expect(accounts.map((account) => account.id)).toEqual(fixture.state.people.map((person) => person.id));
  });

  it('runs the orderAsset custom action with vars and the person, reusing the token', async () => {
    const connection = fixture.connectTo(client());
    const created = await connection.createUser(newHire);
    const result = await connection.runCustomAction('orderAsset', { model: 'Laptop 14', quantity: 2 }, { user: newHire });
    const [order] = fixture.requestsTo('POST', '/api/orders');
    expect(JSON.parse(order?.body ?? '')).toEqual({ model: 'Laptop 14', quantity: 2, requestedFor: newHire.email, note: null });
    expect(result).toMatchObject({ status: 201, result: { id: 'ORD-1', status: 'pending', model: 'Laptop 14' } });
    expect(created.account).toMatchObject({ email: newHire.email, name: newHire.name });
    expect(fixture.requestsTo('POST', '/oauth/token')).toHaveLength(1);
  });

  it('gets a new token once when the target revokes the current one', async () => {
    const connection = fixture.connectTo(client());
    await connection.importUsers().collect();
    fixture.state.tokens.clear();
    await connection.deleteUser({ id: 'emp-002', email: '', name: '' });
    expect(fixture.requestsTo('POST', '/oauth/token')).toHaveLength(2);
    expect(fixture.state.people.some((person) => person.id === 'emp-002')).toBe(false);
  });

  it('explains a missing scope with the spec hint', async () => {
    fixture.state.withheldScopes = ['assets:write'];
    const error = await rejectionOf(fixture.connectTo(client()).runCustomAction('orderAsset', { model: 'Phone', quantity: 1 }, { user: newHire }));
    expect(error).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(String(error.hint)).toContain('assets:write');
  });

  it('reports wrong client credentials as an auth failure without the secret', async () => {
    const error = await rejectionOf(
      fixture
        .connectTo({ ...client(), clientSecret: 'not-the-secret' })
        .importUsers()
        .collect(),
    );
    expect(String(error.code)).toMatch(/AUTH_FAILED|RECONNECT_REQUIRED/);
    expect(JSON.stringify((error as { toJSON(): unknown }).toJSON())).not.toContain('not-the-secret');
  });
});
