import { describe, expect, it } from 'vitest';
import type { Auth } from '../../../generated/spec-types.js';
import { createAuthProvider } from '../../../src/runtime/auth/index.js';
import { captureError, createFakeAuthContext, everythingShownBy, newRequest } from './helpers/fake-auth-context.js';

const CANARY = 'canary-Zq9$&{{ .Key }}';

describe('static auth types send exactly the configured credential', () => {
  const cases: { name: string; auth: Auth; inputs: Record<string, string>; wantHeaders: Record<string, string>; wantQuery?: string }[] = [
    { name: 'none', auth: { type: 'none' }, inputs: {}, wantHeaders: {} },
    { name: 'bearer default', auth: { type: 'bearer' }, inputs: { token: 'tok-1' }, wantHeaders: { Authorization: 'Bearer tok-1' } },
    {
      name: 'bearer custom header and empty prefix',
      auth: { type: 'bearer', header: 'X-Api-Token', prefix: '' },
      inputs: { token: 'tok-1' },
      wantHeaders: { 'X-Api-Token': 'tok-1' },
    },
    {
      name: 'bearer custom prefix and input name',
      auth: { type: 'bearer', token: 'apiToken', prefix: 'Token ' },
      inputs: { apiToken: 'tok-2' },
      wantHeaders: { Authorization: 'Token tok-2' },
    },
    {
      name: 'basic with a user name suffix (Zendesk API token: email/token)',
      auth: { type: 'basic', username: 'email', password: 'token', usernameSuffix: '/token' },
      inputs: { email: 'ann@example.com', token: 'zd-tok' },
      wantHeaders: { Authorization: `Basic ${Buffer.from('ann@example.com/token:zd-tok').toString('base64')}` },
    },
    {
      name: 'basic ascii',
      auth: { type: 'basic' },
      inputs: { username: 'ann', password: 'pw' },
      wantHeaders: { Authorization: `Basic ${Buffer.from('ann:pw').toString('base64')}` },
    },
    {
      // RFC 7617 §2.1 UTF-8: "é" is c3 a9, "€" is e2 82 ac.
      name: 'basic utf-8 and colon in password',
      auth: { type: 'basic' },
      inputs: { username: 'rené', password: 'p:€' },
      wantHeaders: { Authorization: 'Basic cmVuw6k6cDrigqw=' },
    },
    {
      name: 'apiKey incident platform',
      auth: { type: 'apiKey', in: 'header', name: 'Authorization', value: 'Token token={{ .Key }}' },
      inputs: { token: 'k-123' },
      wantHeaders: { Authorization: 'Token token=k-123' },
    },
    {
      name: 'apiKey default template',
      auth: { type: 'apiKey', in: 'header', name: 'X-Key' },
      inputs: { token: 'k-123' },
      wantHeaders: { 'X-Key': 'k-123' },
    },
    {
      name: 'apiKey with an additional key header (Datadog: API key and application key)',
      auth: { type: 'apiKey', in: 'header', name: 'DD-API-KEY', additionalHeaders: [{ name: 'DD-APPLICATION-KEY', key: 'applicationKey' }] },
      inputs: { token: 'api-1', applicationKey: 'app-2' },
      wantHeaders: { 'DD-API-KEY': 'api-1', 'DD-APPLICATION-KEY': 'app-2' },
    },
    {
      name: 'apiKey in query',
      auth: { type: 'apiKey', in: 'query', name: 'api_key', key: 'apiKey' },
      inputs: { apiKey: 'k 1&x=2' },
      wantHeaders: {},
      wantQuery: 'limit=10&api_key=k+1%26x%3D2',
    },
  ];

  it.each(cases)('$name', async ({ auth, inputs, wantHeaders, wantQuery }) => {
    const provider = createAuthProvider(auth, createFakeAuthContext({ inputs }));
    const request = newRequest();
    await provider.authorize(request);
    expect(request.headers).toEqual({ accept: 'application/json', ...wantHeaders });
    expect(request.url.search).toBe(`?${wantQuery ?? 'limit=10'}`);
    expect(await provider.refreshAfterUnauthorized()).toBe(false);
  });

  it('replaces a same-named header of any case rather than sending two', async () => {
    const provider = createAuthProvider({ type: 'bearer' }, createFakeAuthContext({ inputs: { token: 't' } }));
    const request = newRequest();
    request.headers.authorization = 'Bearer stale';
    await provider.authorize(request);
    expect(request.headers).toEqual({ accept: 'application/json', Authorization: 'Bearer t' });
  });

  it('replaces an existing query parameter of the same name', async () => {
    const provider = createAuthProvider({ type: 'apiKey', in: 'query', name: 'key' }, createFakeAuthContext({ inputs: { token: 'real' } }));
    const request = newRequest('http://127.0.0.1:9/api/users?key=forged');
    await provider.authorize(request);
    expect(request.url.searchParams.getAll('key')).toEqual(['real']);
  });
});

describe('static auth registers what a printed request would show', () => {
  it.each([
    { auth: { type: 'bearer' } as Auth, inputs: { token: 'tok' }, want: ['tok'] },
    { auth: { type: 'basic' } as Auth, inputs: { username: 'u', password: 'pw' }, want: ['pw', Buffer.from('u:pw').toString('base64')] },
    { auth: { type: 'apiKey', in: 'header', name: 'X' } as Auth, inputs: { token: 'k' }, want: ['k'] },
    { auth: { type: 'apiKey', in: 'query', name: 'X' } as Auth, inputs: { token: 'a b/c' }, want: ['a b/c', 'a%20b%2Fc', 'a+b%2Fc'] },
    {
      auth: { type: 'apiKey', in: 'header', name: 'X', additionalHeaders: [{ name: 'Y', key: 'second' }] } as Auth,
      inputs: { token: 'k', second: 'k2' },
      want: ['k', 'k2'],
    },
  ])('$auth.type $auth.in $auth.additionalHeaders', ({ auth, inputs, want }) => {
    const context = createFakeAuthContext({ inputs });
    createAuthProvider(auth, context);
    expect(context.registered).toEqual(want);
  });
});

describe('static auth configuration errors name the input, never the value', () => {
  const cases: { name: string; auth: Auth; inputs: Record<string, string>; input: string }[] = [
    { name: 'bearer without token', auth: { type: 'bearer' }, inputs: { other: CANARY }, input: '`token`' },
    { name: 'bearer with empty custom input', auth: { type: 'bearer', token: 'pat' }, inputs: { pat: '', token: CANARY }, input: '`pat`' },
    { name: 'basic without password', auth: { type: 'basic' }, inputs: { username: CANARY }, input: '`password`' },
    { name: 'basic without username', auth: { type: 'basic' }, inputs: { password: CANARY }, input: '`username`' },
    { name: 'basic colon in username', auth: { type: 'basic' }, inputs: { username: `a:${CANARY}`, password: CANARY }, input: '`username`' },
    { name: 'apiKey without key', auth: { type: 'apiKey', in: 'header', name: 'X' }, inputs: {}, input: '`token`' },
    { name: 'bearer token with line break', auth: { type: 'bearer' }, inputs: { token: `${CANARY}\r\nX-Admin: 1` }, input: '`token`' },
    {
      name: 'apiKey without its additional key',
      auth: { type: 'apiKey', in: 'header', name: 'X', additionalHeaders: [{ name: 'Y', key: 'applicationKey' }] },
      inputs: { token: CANARY },
      input: '`applicationKey`',
    },
    {
      name: 'apiKey additional key with line break',
      auth: { type: 'apiKey', in: 'header', name: 'X', additionalHeaders: [{ name: 'Y', key: 'applicationKey' }] },
      inputs: { token: 'k', applicationKey: `${CANARY}\r\nX-Admin: 1` },
      input: '`applicationKey`',
    },
    { name: 'apiKey header key with line break', auth: { type: 'apiKey', in: 'header', name: 'X' }, inputs: { token: `${CANARY}\n` }, input: '`token`' },
    {
      name: 'apiKey template without placeholder',
      auth: { type: 'apiKey', in: 'header', name: 'X', value: 'Token' },
      inputs: { token: CANARY },
      input: '{{ .Key }}',
    },
  ];

  it.each(cases)('$name', async ({ auth, inputs, input }) => {
    const error = await captureError(() => createAuthProvider(auth, createFakeAuthContext({ inputs })));
    expect(error).toMatchObject({ name: 'ConnectorError', code: 'CONFIG', action: 'auth' });
    expect(error.message).toContain(input);
    expect(everythingShownBy(error)).not.toContain('canary');
  });
});
