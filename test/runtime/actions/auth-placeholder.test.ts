/** Where an unsent request's credentials would go, shown as `***`. */
import { describe, expect, it } from 'vitest';
import type { ApiKeyAuth } from '../../../generated/spec-types.js';
import { addAuthPlaceholder } from '../../../src/runtime/actions/auth-placeholder.js';

const request = { method: 'POST', url: 'http://127.0.0.1:1/users?x=1', headers: { accept: 'application/json' }, body: '{"a":[1]}' };

describe('addAuthPlaceholder', () => {
  it('masks the header or query parameter of each auth type', () => {
    expect(addAuthPlaceholder(request, { type: 'bearer' }).headers).toEqual({ accept: 'application/json', Authorization: '***' });
    expect(addAuthPlaceholder(request, { type: 'basic' }).headers.Authorization).toBe('***');
    expect(addAuthPlaceholder(request, { type: 'bearer', header: 'X-Auth' }).headers['X-Auth']).toBe('***');
    expect(addAuthPlaceholder(request, { type: 'apiKey', in: 'header', name: 'X-Api-Key' }).headers['X-Api-Key']).toBe('***');
    expect(addAuthPlaceholder(request, { type: 'apiKey', in: 'query', name: 'api_key' }).url).toBe('http://127.0.0.1:1/users?x=1&api_key=***');
    expect(addAuthPlaceholder(request, { type: 'oauth2', grant: 'client_credentials', tokenUrl: '/t', header: 'X-Token' }).headers['X-Token']).toBe('***');
    expect(addAuthPlaceholder(request, { type: 'none' })).toBe(request);
  });

  it('masks every header an apiKey auth sends, its additional key headers too', () => {
    const auth: ApiKeyAuth = { type: 'apiKey', in: 'header', name: 'DD-API-KEY', additionalHeaders: [{ name: 'DD-APPLICATION-KEY', key: 'applicationKey' }] };
    const withHeader = { ...request, headers: { 'dd-application-key': 'from-spec' } };
    expect(addAuthPlaceholder(withHeader, auth).headers).toEqual({ 'DD-API-KEY': '***', 'DD-APPLICATION-KEY': '***' });
    const inQuery = addAuthPlaceholder(request, { ...auth, in: 'query', name: 'api_key' });
    expect(inQuery.url).toBe('http://127.0.0.1:1/users?x=1&api_key=***');
    expect(inQuery.headers['DD-APPLICATION-KEY']).toBe('***');
  });

  it('replaces a spec header of the same name, as the provider does when sending', () => {
    const withHeader = { ...request, headers: { authorization: 'Token from-spec' } };
    expect(addAuthPlaceholder(withHeader, { type: 'bearer' }).headers).toEqual({ Authorization: '***' });
  });
});
