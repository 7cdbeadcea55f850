/** The contract checker itself, table-driven over Okta's and PagerDuty's fixtures. */
import { describe, expect, it } from 'vitest';
import { checkRequest, type SentRequest } from './check-request.js';
import { loadContract } from './load-contract.js';

const okta = loadContract('okta.json');
const pagerDuty = loadContract('incident-platform.json');
const auth = { authorization: 'SSWS 00abc' };
const json = { ...auth, 'content-type': 'application/json' };
const get = (url: string, headers: Record<string, string> = auth): SentRequest => ({ method: 'GET', url, headers, body: '' });
const createBody = { profile: { firstName: 'Ada', lastName: null, email: 'ada@example.com', login: 'ada@example.com' } };
const post = (body: unknown, headers: Record<string, string> = json, url = '/api/v1/users?activate=false'): SentRequest => ({
  method: 'POST',
  url,
  headers,
  body: JSON.stringify(body),
});

describe('checkRequest', () => {
  it.each<{ name: string; given: SentRequest; want: string[] }>([
    { name: 'a documented list', given: get('/api/v1/users?limit=200&search=status%20eq%20%22DEPROVISIONED%22'), want: [] },
    { name: 'a create as described', given: post(createBody), want: [] },
    { name: 'an unknown path', given: get('/api/v1/userz'), want: ['GET /api/v1/userz is no operation of Okta Management API'] },
    {
      name: 'a method the path lacks',
      given: { ...get('/api/v1/users/00u1/lifecycle/activate') },
      want: ['GET /api/v1/users/00u1/lifecycle/activate is no operation of Okta Management API'],
    },
    {
      name: 'an undeclared query parameter',
      given: get('/api/v1/users?limit=200&pageSize=5'),
      want: ['query parameter "pageSize" is not declared for listUsers'],
    },
    { name: 'a page size over the limit', given: get('/api/v1/users?limit=201'), want: ['query parameter "limit": must be <= 200'] },
    {
      name: 'a boolean that is not one',
      given: { method: 'POST', url: '/api/v1/users/00u1/lifecycle/activate?sendEmail=yes', headers: auth, body: '' },
      want: ['query parameter "sendEmail": must be boolean'],
    },
    { name: 'no authorization', given: get('/api/v1/users', {}), want: ['header authorization is missing'] },
    {
      name: 'a Bearer token to Okta',
      given: get('/api/v1/users', { authorization: 'Bearer 00abc' }),
      want: ["header authorization does not have the vendor's shape ^SSWS \\S+$"],
    },
    {
      name: 'an undeclared nested property',
      given: post({ profile: { ...createBody.profile, fristName: 'A' } }),
      want: ['body/profile: property "fristName" is not declared by the vendor'],
    },
    {
      name: 'a name over 50 characters',
      given: post({ profile: { ...createBody.profile, firstName: 'A'.repeat(51) } }),
      want: ['body/profile/firstName: must NOT have more than 50 characters'],
    },
    {
      name: 'an empty last name',
      given: post({ profile: { ...createBody.profile, lastName: '' } }),
      want: ['body/profile/lastName: must NOT have fewer than 1 characters'],
    },
    {
      name: 'a body of the wrong type',
      given: post(createBody, { ...auth, 'content-type': 'text/plain' }),
      want: ['content type "text/plain" is not one createUser takes (application/json)'],
    },
    { name: 'no body where one is required', given: { method: 'POST', url: '/api/v1/users', headers: json, body: '' }, want: ['createUser requires a body'] },
    {
      name: 'a body where none is taken',
      given: { method: 'DELETE', url: '/api/v1/users/00u1', headers: json, body: '{}' },
      want: ['deleteUser takes no body, one was sent'],
    },
  ])('$name', ({ given, want }) => {
    expect(checkRequest(okta, given).violations).toEqual(want);
  });

  it("a required header parameter (PagerDuty's From on create) is judged; Accept and Content-Type parameters are not (OpenAPI 3)", () => {
    const create: SentRequest = {
      method: 'POST',
      url: '/users',
      headers: { authorization: 'Token token=abc', 'content-type': 'application/json' },
      body: JSON.stringify({ user: { type: 'user', name: 'A', email: 'a@example.com', role: 'user' } }),
    };
    expect(checkRequest(pagerDuty, create).violations).toEqual(['header parameter "From" is required']);
    expect(checkRequest(pagerDuty, { ...create, headers: { ...create.headers, from: 'owner@example.com' } }).violations).toEqual([]);
    expect(
      checkRequest(pagerDuty, {
        ...create,
        headers: { ...create.headers, from: 'owner@example.com' },
        body: JSON.stringify({ user: { type: 'user', name: 'A', email: 'a@example.com', role: 'superuser' } }),
      }).violations,
    ).toHaveLength(1);
  });
});
