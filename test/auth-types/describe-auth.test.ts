/** Each auth type's descriptor: where its credential goes, how it is redacted, and the names that are secrets everywhere. */
import { describe, expect, it } from 'vitest';
import { AUTH_DEFAULTS } from '../../generated/spec-types.js';
import { emitSpecTypes } from '../../src/compiler/emit-spec-types.js';
import { describeAuth, STANDARD_SECRET_INPUTS } from '../../src/auth-types/index.js';

describe('describeAuth', () => {
  it.each([
    { auth: { type: 'none' }, credential: { in: 'none' }, redaction: { queryEncodings: false, basicPair: 'none', obtainedTokens: false }, sentIn: [] },
    {
      auth: { type: 'bearer' },
      credential: { in: 'header', name: 'Authorization' },
      redaction: { queryEncodings: false, basicPair: 'none', obtainedTokens: false },
      sentIn: ['token:header'],
    },
    {
      auth: { type: 'bearer', header: 'X-Api-Token' },
      credential: { in: 'header', name: 'X-Api-Token' },
      redaction: { queryEncodings: false, basicPair: 'none', obtainedTokens: false },
      sentIn: ['token:header'],
    },
    {
      auth: { type: 'basic' },
      credential: { in: 'header', name: 'Authorization' },
      redaction: { queryEncodings: false, basicPair: 'target', obtainedTokens: false },
      sentIn: ['username:header', 'password:header'],
    },
    {
      auth: { type: 'apiKey', in: 'query', name: 'api_key' },
      credential: { in: 'query', name: 'api_key' },
      redaction: { queryEncodings: true, basicPair: 'none', obtainedTokens: false },
      sentIn: ['token:query'],
    },
    {
      auth: { type: 'apiKey', in: 'header', name: 'X-Key' },
      credential: { in: 'header', name: 'X-Key' },
      redaction: { queryEncodings: false, basicPair: 'none', obtainedTokens: false },
      sentIn: ['token:header'],
    },
    {
      auth: { type: 'oauth2', grant: 'client_credentials', tokenUrl: '/t' },
      credential: { in: 'header', name: 'Authorization' },
      redaction: { queryEncodings: false, basicPair: 'tokenEndpoint', obtainedTokens: true },
      sentIn: ['clientId:header', 'clientSecret:header'],
    },
    {
      auth: { type: 'oauth2', grant: 'authorization_code', tokenUrl: '/t', clientAuth: 'client_secret_post' },
      credential: { in: 'header', name: 'Authorization' },
      redaction: { queryEncodings: false, basicPair: 'none', obtainedTokens: true },
      sentIn: ['clientId:body', 'clientSecret:body', 'refreshToken:body', 'authorizationCode:body', 'redirectUri:body', 'codeVerifier:body'],
    },
  ])('$auth.type $auth.grant', ({ auth, credential, redaction, sentIn }) => {
    const descriptor = describeAuth(auth);
    expect(descriptor?.credential).toEqual(credential);
    expect(descriptor?.redaction).toEqual(redaction);
    expect(descriptor?.inputs.map((input) => `${input.name}:${input.sentIn}`)).toEqual(sentIn);
  });

  it('knows no type the schema does not have', () => {
    expect(describeAuth({ type: 'kerberos' })).toBeUndefined();
  });

  it('counts every credential of every type and grant as a secret in any spec', () => {
    expect([...STANDARD_SECRET_INPUTS].sort()).toEqual(['authorizationCode', 'clientSecret', 'codeVerifier', 'password', 'refreshToken', 'token']);
  });
});

describe('AUTH_DEFAULTS', () => {
  it('are the schema defaults of each auth type', () => {
    expect(AUTH_DEFAULTS.bearer).toEqual({ token: 'token', header: 'Authorization', prefix: 'Bearer ' });
    expect(AUTH_DEFAULTS.apiKey.key).toBe('token');
  });

  it('are emitted from whatever the schema says', async () => {
    const text = await emitSpecTypes({
      title: 'X',
      type: 'object',
      $defs: {
        auth: { title: 'Auth', oneOf: [{ $ref: '#/$defs/tokenAuth' }] },
        tokenAuth: {
          title: 'Token Auth',
          type: 'object',
          properties: { type: { const: 'token' }, input: { type: 'string', default: 'apiToken' }, header: { type: 'string' } },
        },
      },
    });
    expect(text).toContain('export const AUTH_DEFAULTS = {"token":{"input":"apiToken"}} as const;');
  });
});
