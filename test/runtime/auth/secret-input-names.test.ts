import { describe, expect, it } from 'vitest';
import type { Auth, OperatorInputs } from '../../../generated/spec-types.js';
import { secretInputNames } from '../../../src/runtime/auth/index.js';

describe('secretInputNames: declared secrets plus the credentials the auth reads', () => {
  const inputs: OperatorInputs = {
    baseUrl: { label: 'Base URL' },
    token: { label: 'Token', secret: true },
    webhookSecret: { label: 'Webhook secret', secret: true },
    username: { label: 'User' },
  };
  it.each([
    { auth: { type: 'none' } as Auth, want: ['token', 'webhookSecret'] },
    { auth: { type: 'bearer', token: 'pat' } as Auth, want: ['token', 'webhookSecret', 'pat'] },
    { auth: { type: 'basic' } as Auth, want: ['token', 'webhookSecret', 'password'] },
    { auth: { type: 'apiKey', in: 'query', name: 'k', key: 'apiKey' } as Auth, want: ['token', 'webhookSecret', 'apiKey'] },
    { auth: { type: 'oauth2', grant: 'client_credentials', tokenUrl: '/t' } as Auth, want: ['token', 'webhookSecret', 'clientSecret'] },
    { auth: { type: 'oauth2', grant: 'refresh_token', tokenUrl: '/t' } as Auth, want: ['token', 'webhookSecret', 'clientSecret', 'refreshToken'] },
    {
      auth: { type: 'oauth2', grant: 'authorization_code', tokenUrl: '/t' } as Auth,
      want: ['token', 'webhookSecret', 'clientSecret', 'refreshToken', 'authorizationCode', 'codeVerifier'],
    },
    {
      auth: { type: 'oauth2', grant: 'authorization_code', tokenUrl: '/t', pkce: false } as Auth,
      want: ['token', 'webhookSecret', 'clientSecret', 'refreshToken', 'authorizationCode'],
    },
  ])('$auth.type $auth.grant', ({ auth, want }) => {
    expect(secretInputNames({ auth, inputs })).toEqual(want);
  });

  it('counts the bearer token input once when the spec also marks it secret', () => {
    expect(secretInputNames({ auth: { type: 'bearer' }, inputs })).toEqual(['token', 'webhookSecret']);
  });
});
