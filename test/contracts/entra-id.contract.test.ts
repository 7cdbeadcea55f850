/**
 * Microsoft Graph's metadata (CSDL) and Microsoft's reference pages judge every request of
 * specs/prebuilt/entra-id.yaml, the token request to the Microsoft identity platform included.
 */
import { describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { ENTRA_WRITER_APP, entraUserId, seedGraphUsers, startEntraId } from '../../src/simulators/entra-id/index.js';
import { loadSpec } from '../specs/helpers/load-spec.js';
import { checkRequest } from './harness/check-request.js';
import { loadContract } from './harness/load-contract.js';
import { describeContract } from './harness/contract-suite.js';

describeContract({
  connector: 'entra-id',
  fixture: 'entra-id.json',
  operations: [
    'identityPlatform.token.clientCredentials',
    'users.user.ListUser',
    'users.user.CreateUser',
    'users.user.UpdateUser',
    'users.user.revokeSignInSessions',
    'users.user.DeleteUser',
  ],
  async start() {
    const entra = await startEntraId(seedGraphUsers(2100));
    return { entra, requests: () => entra.server.requests, close: () => entra.close() };
  },
  async exercise({ entra }) {
    const client = connect(
      await loadSpec('specs/prebuilt/entra-id.yaml'),
      { ...ENTRA_WRITER_APP, tokenUrl: entra.tokenUrl, upnDomain: 'acme.test' },
      { egress: ALLOW_LOOPBACK, baseUrl: entra.graphUrl, retry: { maxAttempts: 1 } },
    );
    await client.importUsers().collect();
    await client.createUser({ email: 'nia.new@mail.example', name: 'Nia New', firstName: 'Nia', lastName: 'New' });
    await client.createUser({ email: 'mono@mail.example', name: 'Mononym' });
    await client.deactivateUser({ id: entraUserId(1) });
    await client.activateUser({ id: entraUserId(1) });
    await client.deleteUser({ id: entraUserId(2) });
  },
});

describe('Graph create users the description refuses', () => {
  const contract = loadContract('entra-id.json');
  const create = (body: object) =>
    checkRequest(contract, {
      method: 'POST',
      url: '/v1.0/users',
      headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const valid = {
    accountEnabled: true,
    displayName: 'Nia New',
    mailNickname: 'nia',
    userPrincipalName: 'nia@acme.test',
    passwordProfile: { forceChangePasswordNextSignIn: true, password: 'Xy7!abcdefgh' },
  };

  it.each([
    // What the spec sent before: givenName and surname null, no password.
    {
      given: { ...valid, givenName: null, surname: null, passwordProfile: { forceChangePasswordNextSignIn: true, password: null } },
      says: /passwordProfile\/password/u,
    },
    { given: { ...valid, passwordProfile: { forceChangePasswordNextSignIn: true } }, says: /must have required property 'password'/u },
    { given: { ...valid, userPrincipalName: undefined }, says: /userPrincipalName/u },
  ])('refuses $given', ({ given, says }) => {
    const { violations } = create(given);
    expect(violations.join('\n')).toMatch(says);
  });

  it('accepts the create the spec sends', () => {
    expect(create(valid).violations).toEqual([]);
  });
});
