/**
 * `auth.tokenParams`: vendor parameters in every token request body (Box's client credentials
 * grant wants `box_subject_type` and `box_subject_id`), fixed or from an operator input; never in a
 * log line or an error; a spec that sets a grant's own parameter fails with CONFIG naming it.
 */
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OAuth2Auth } from '../../../generated/spec-types.js';
import { createAuthProvider } from '../../../src/runtime/auth/index.js';
import { connect } from '../../../src/runtime/connect.js';
import { ConnectorError } from '../../../src/runtime/errors.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { makeConnector, usersImport } from '../fixtures.js';
import { createFakeAuthContext, newRequest } from './helpers/fake-auth-context.js';
import { startTokenServer, type TokenServer } from './helpers/token-server.js';

let tokens: TokenServer;
beforeAll(async () => {
  tokens = await startTokenServer();
});
afterEach(() => {
  tokens.server.reset();
  tokens.issued = 0;
});
afterAll(() => tokens.server.close());

const inputs = { clientId: 'client-1', clientSecret: 'client-secret-value', enterpriseId: '917251' };
function auth(extra: Partial<OAuth2Auth> = {}): OAuth2Auth {
  return {
    type: 'oauth2',
    grant: 'client_credentials',
    tokenUrl: tokens.tokenUrl,
    tokenParams: { box_subject_type: 'enterprise', box_subject_id: '{inputs.enterpriseId}' },
    ...extra,
  };
}

function errorOf(run: () => unknown): ConnectorError {
  try {
    run();
  } catch (error) {
    return error as ConnectorError;
  }
  throw new Error('expected an error');
}

describe('oauth2 tokenParams', () => {
  it('sends the fixed values and the input values in the body, beside the grant parameters', async () => {
    const provider = createAuthProvider(auth({ scopes: ['root_readwrite'] }), createFakeAuthContext({ inputs }));
    await provider.authorize(newRequest());
    expect(tokens.forms()).toEqual([{ box_subject_type: 'enterprise', box_subject_id: '917251', grant_type: 'client_credentials', scope: 'root_readwrite' }]);
  });

  it('sends them again with every renewal, on the refresh token grant too', async () => {
    const provider = createAuthProvider(
      auth({ grant: 'refresh_token', tokenParams: { audience: 'users' } }),
      createFakeAuthContext({ inputs: { ...inputs, refreshToken: 'refresh-0' } }),
    );
    await provider.authorize(newRequest());
    await provider.refreshAfterUnauthorized();
    expect(tokens.forms()).toEqual([
      { audience: 'users', grant_type: 'refresh_token', refresh_token: 'refresh-0' },
      { audience: 'users', grant_type: 'refresh_token', refresh_token: 'refresh-0' },
    ]);
  });

  it('fails with CONFIG naming the input when the referenced input is empty', () => {
    const error = errorOf(() => createAuthProvider(auth(), createFakeAuthContext({ inputs: { ...inputs, enterpriseId: '' } })));
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.code).toBe('CONFIG');
    expect(error.message).toContain('`enterpriseId`');
  });

  it('fails with CONFIG naming the parameter when it is one the grant sends itself', () => {
    const error = errorOf(() => createAuthProvider(auth({ tokenParams: { grant_type: 'password' } }), createFakeAuthContext({ inputs })));
    expect(error.code).toBe('CONFIG');
    expect(error.message).toContain('tokenParams.grant_type');
    expect(tokens.forms()).toEqual([]);
  });
});

describe('oauth2 tokenParams through connect()', () => {
  let target: HandlerServer;
  beforeAll(async () => {
    target = await serveHandlers(
      http.get('*/users', () => HttpResponse.json({ users: [{ id: 'u1' }] })),
      // A token endpoint that refuses, quoting the whole request body back.
      http.post('*/refusing/token', async ({ request }) =>
        HttpResponse.json({ error: 'invalid_client', error_description: await request.text() }, { status: 400 }),
      ),
    );
  });
  afterAll(() => target.close());

  it('keeps a secret input sent as a token parameter out of log lines and errors, even when the endpoint quotes it', async () => {
    const lines: string[] = [];
    const connector = makeConnector({
      inputs: {
        clientId: { label: 'Client ID', required: true },
        clientSecret: { label: 'Client secret', secret: true, required: true },
        subjectAssertion: { label: 'Assertion', secret: true, required: true },
      },
      auth: { ...auth(), tokenUrl: `${target.origin}/refusing/token`, tokenParams: { client_assertion: '{inputs.subjectAssertion}' } },
      actions: { importUsers: usersImport },
    });
    const client = connect(
      connector,
      { clientId: 'client-1', clientSecret: 'client-secret-value', subjectAssertion: 'assertion-secret-value' },
      { egress: ALLOW_LOOPBACK, baseUrl: target.origin, logger: (line) => lines.push(line), retry: { maxAttempts: 1 } },
    );
    const error = await client
      .importUsers()
      .collect()
      .then(
        () => undefined,
        (caught: unknown) => caught as ConnectorError,
      );
    expect(error).toBeInstanceOf(ConnectorError);
    // The endpoint did receive it, so the refusal quoted it back.
    expect(target.requests.find((request) => request.url.includes('/refusing/token'))?.body).toContain('assertion-secret-value');
    const everything = [...lines, error?.message ?? '', JSON.stringify(error)].join('\n');
    expect(everything).not.toContain('assertion-secret-value');
    expect(everything).not.toContain('client-secret-value');
    expect(lines.length).toBeGreaterThan(0);
  });

  it('writes no token request body into the log', async () => {
    const lines: string[] = [];
    const connector = makeConnector({
      inputs: {
        clientId: { label: 'Client ID', required: true },
        clientSecret: { label: 'Client secret', secret: true, required: true },
        enterpriseId: { label: 'Enterprise ID', required: true },
      },
      auth: auth(),
      actions: { importUsers: usersImport },
    });
    const client = connect(connector, inputs, { egress: ALLOW_LOOPBACK, baseUrl: target.origin, logger: (line) => lines.push(line) });
    expect(await client.importUsers().collect()).toHaveLength(1);
    expect(tokens.forms()[0]?.box_subject_id).toBe('917251');
    expect(lines.some((line) => line.includes('token endpoint'))).toBe(true);
    expect(lines.join('\n')).not.toMatch(/917251|box_subject/u);
  });
});
