import { describe, expect, it } from 'vitest';
import type { OAuth2Auth } from '../../../generated/spec-types.js';
import type { TokenEndpointResponse } from '../../../src/runtime/auth/auth-provider.js';
import { createAuthProvider } from '../../../src/runtime/auth/index.js';
import { ConnectorError } from '../../../src/runtime/errors.js';
import { captureError, createFakeAuthContext, everythingShownBy, newRequest } from './helpers/fake-auth-context.js';

// Each credential is a distinct canary; JSON- and URL-special characters test every spelling.
const SECRET = 'canary-secret-"q"/+&=';
const REFRESH = 'canary-refresh-9x';
const CODE = 'canary-code-7y';
const VERIFIER = 'canary-verifier-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const ACCESS = 'canary-access-5z';
const ALL = [SECRET, REFRESH, CODE, VERIFIER, ACCESS];

const grants: { grant: OAuth2Auth['grant']; inputs: Record<string, string> }[] = [
  { grant: 'client_credentials', inputs: { clientId: 'c', clientSecret: SECRET } },
  { grant: 'refresh_token', inputs: { clientId: 'c', clientSecret: SECRET, refreshToken: REFRESH } },
  {
    grant: 'authorization_code',
    inputs: { clientId: 'c', clientSecret: SECRET, authorizationCode: CODE, redirectUri: 'https://r.example/cb', codeVerifier: VERIFIER },
  },
];

/** What a careless server might echo: every credential the request carried, in several spellings. */
function echoOf(inputs: Record<string, string>): string {
  const sent = Object.values(inputs).filter((value) => value.startsWith('canary'));
  return sent.flatMap((value) => [value, JSON.stringify(value), encodeURIComponent(value)]).join(' ');
}
const json = (status: number, body: unknown): TokenEndpointResponse => ({ status, headers: { 'content-type': 'application/json' }, body });
const text = (status: number, body: string): TokenEndpointResponse => ({ status, headers: { 'content-type': 'text/html' }, body });

const answers: {
  name: string;
  answer: (echoAll: string) => TokenEndpointResponse;
  code: string;
  codeFor?: Partial<Record<OAuth2Auth['grant'], string>>;
  says: string;
  excerpt: RegExp;
}[] = [
  {
    name: 'invalid_grant',
    answer: (echoAll) => json(400, { error: 'invalid_grant', error_description: `bad ${echoAll}` }),
    code: 'RECONNECT_REQUIRED',
    // Nothing to reconnect with client credentials: the client or its token parameters are wrong.
    codeFor: { client_credentials: 'AUTH_FAILED' },
    says: 'invalid_grant',
    excerpt: /\*\*\*/,
  },
  {
    name: 'invalid_client',
    answer: (echoAll) => json(401, { error: 'invalid_client', error_description: echoAll }),
    code: 'AUTH_FAILED',
    says: 'client credentials',
    excerpt: /\*\*\*/,
  },
  {
    name: 'invalid_scope',
    answer: (echoAll) => json(400, { error: 'invalid_scope', error_description: echoAll }),
    code: 'AUTH_FAILED',
    says: 'invalid_scope',
    excerpt: /\*\*\*/,
  },
  { name: '4xx without error code', answer: (echoAll) => text(403, `<h1>denied</h1>${echoAll}`), code: 'AUTH_FAILED', says: 'HTTP 403', excerpt: /\*\*\*/ },
  { name: '5xx HTML page', answer: (echoAll) => text(502, `<html>${echoAll}</html>`), code: 'TARGET_ERROR', says: 'HTTP 502', excerpt: /\*\*\*/ },
  {
    name: '2xx that is not JSON',
    answer: (echoAll) => text(200, `access_token=${ACCESS}&x=${echoAll}`),
    code: 'BAD_RESPONSE',
    says: 'access_token',
    excerpt: /\*\*\*/,
  },
  {
    name: '2xx without access_token',
    answer: (echoAll) => json(200, { token: ACCESS, refresh_token: ACCESS, note: echoAll }),
    code: 'BAD_RESPONSE',
    says: 'access_token',
    excerpt: /^an object with /,
  },
  {
    name: '2xx with a header-breaking access_token',
    answer: () => json(200, { access_token: `${ACCESS}\r\nX-Admin: 1` }),
    code: 'BAD_RESPONSE',
    says: 'access_token',
    excerpt: /^an object with /,
  },
  {
    name: '2xx with a non-string access_token',
    answer: () => json(200, { access_token: 12345, id_token: ACCESS }),
    code: 'BAD_RESPONSE',
    says: 'access_token',
    excerpt: /^an object with /,
  },
];

const cases = grants.flatMap((g) => answers.map((a) => ({ ...g, ...a, code: a.codeFor?.[g.grant] ?? a.code })));

describe('token endpoint failures: code, message, and no secret anywhere', () => {
  it.each(cases)('$grant: $name -> $code', async ({ grant, inputs, answer: answerFor, code, says, excerpt }) => {
    const answer = answerFor(echoOf(inputs));
    const auth: OAuth2Auth = { type: 'oauth2', grant, tokenUrl: 'https://auth.example.com/token' };
    const provider = createAuthProvider(auth, createFakeAuthContext({ inputs, answer: () => answer }));
    const error = await captureError(() => provider.authorize(newRequest()));
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toMatchObject({ code, action: 'auth', method: 'POST', status: answer.status, url: 'https://auth.example.com/token' });
    expect(error.message).toContain(says);
    expect(String(error.bodyExcerpt)).toMatch(excerpt);
    const shown = everythingShownBy(error);
    for (const canary of ALL) expect(shown).not.toContain(canary);
    expect(shown).not.toContain('canary');
  });

  it('cuts a long body excerpt after redacting it', async () => {
    const body = `${'x'.repeat(195)}${SECRET}${'y'.repeat(500)}`;
    const provider = createAuthProvider(
      { type: 'oauth2', grant: 'client_credentials', tokenUrl: 'https://auth.example.com/token' },
      createFakeAuthContext({ inputs: { clientId: 'c', clientSecret: SECRET }, answer: () => text(500, body) }),
    );
    const error = await captureError(() => provider.authorize(newRequest()));
    expect(error.bodyExcerpt).toBe(`${'x'.repeat(195)}***yy…`);
  });

  it('passes the runtime transport error through unchanged, and tries again on the next request', async () => {
    let calls = 0;
    const network = new ConnectorError('NETWORK', 'connection reset by auth.example.com', { action: 'auth' });
    const provider = createAuthProvider(
      { type: 'oauth2', grant: 'client_credentials', tokenUrl: 'https://auth.example.com/token' },
      createFakeAuthContext({
        inputs: { clientId: 'c', clientSecret: SECRET },
        answer: () => {
          calls += 1;
          if (calls === 1) throw network;
          return json(200, { access_token: 'ok' });
        },
      }),
    );
    expect(await captureError(() => provider.authorize(newRequest()))).toBe(network);
    const request = newRequest();
    await provider.authorize(request);
    expect(request.headers.Authorization).toBe('Bearer ok');
  });
});

describe('configuration errors never show a credential', () => {
  it.each(grants)('$grant without clientId', ({ grant, inputs }) => {
    const { clientId: _unused, ...rest } = inputs;
    let shown = '';
    try {
      createAuthProvider({ type: 'oauth2', grant, tokenUrl: 'https://auth.example.com/token' }, createFakeAuthContext({ inputs: rest }));
    } catch (error) {
      shown = everythingShownBy(error as Error & Record<string, unknown>);
    }
    expect(shown).toContain('`clientId`');
    expect(shown).not.toContain('canary');
  });
});
