/** The client's type follows the compiled connector's type parameters. */
import { describe, expect, it } from 'vitest';
import { connect } from '../../src/runtime/connect.js';
import type { CompiledConnector } from '../../src/connector.js';
import { makeConnector, usersImport } from './fixtures.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';

type ImportOnlyInputs = { token?: string; baseUrl?: string };

describe('client types', () => {
  it("has only the connector's actions, and typed inputs and custom action names", async () => {
    const importOnly: CompiledConnector<ImportOnlyInputs, 'importUsers' | 'deleteUser', 'orderLaptop'> = makeConnector({
      baseUrl: 'http://127.0.0.1:9',
      actions: { importUsers: usersImport, deleteUser: { method: 'DELETE', path: '/u/{account.id}' }, custom: { orderLaptop: { method: 'POST', path: '/o' } } },
    });
    const client = connect(importOnly, { token: 'abc-secret' }, { egress: ALLOW_LOOPBACK });
    // @ts-expect-error the connector has no activateUser
    expect(client.activateUser).toBeUndefined();
    // @ts-expect-error the connector has no createUser
    expect(client.createUser).toBeUndefined();
    expect(typeof client.importUsers).toBe('function');
    expect(typeof client.deleteUser).toBe('function');
    // @ts-expect-error not a custom action of this connector
    await expect(client.runCustomAction('orderPhone')).rejects.toMatchObject({ code: 'CONFIG' });
    // @ts-expect-error not an input of this connector
    connect(importOnly, { tokn: 'x' }, { egress: ALLOW_LOOPBACK });
    // The subject of a custom action is typed: a user needs email and name, an account an id.
    // @ts-expect-error a user without a name
    const noName = () => client.runCustomAction('orderLaptop', {}, { user: { email: 'a@x.test' } });
    // @ts-expect-error an account without an id
    const noId = () => client.runCustomAction('orderLaptop', {}, { account: { email: 'a@x.test' } });
    expect([typeof noName, typeof noId]).toEqual(['function', 'function']);
    await client.close();
  });

  it('a connector without custom actions has no runCustomAction', async () => {
    const plain: CompiledConnector<{ token?: string }, 'importUsers', never> = makeConnector({
      baseUrl: 'http://127.0.0.1:9',
      actions: { importUsers: usersImport },
    });
    const client = connect(plain, {}, { egress: ALLOW_LOOPBACK });
    // @ts-expect-error no custom actions
    expect(client.runCustomAction).toBeUndefined();
    await client.close();
  });
});
