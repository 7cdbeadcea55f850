/**
 * The validator and the runtime read one descriptor per auth type (src/auth-types/), so they agree:
 * an input a connection needs is one the validator makes the spec declare (a located
 * SPEC_UNKNOWN_INPUT), and leaving its value out fails connect() with CONFIG naming it.
 */
import { describe, expect, it } from 'vitest';
import { compileSpecText, validateSpecText } from '../../src/compiler/index.js';
import { connect } from '../../src/runtime/connect.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { baseSpec, specText } from '../compiler/helpers.js';

interface Case {
  given: string;
  auth: Record<string, unknown>;
  /** Every input the connection needs, with a value; the secret ones are declared secret. */
  needs: Record<string, { value: string; secret: boolean }>;
  /** Where the validator points when each is undeclared. */
  pointer: Record<string, string>;
}

const secret = (value: string) => ({ value, secret: true });
const plain = (value: string) => ({ value, secret: false });

const CASES: Case[] = [
  { given: 'bearer', auth: { type: 'bearer' }, needs: { token: secret('tk') }, pointer: { token: '/auth/type' } },
  { given: 'bearer naming its input', auth: { type: 'bearer', token: 'apiToken' }, needs: { apiToken: secret('tk') }, pointer: { apiToken: '/auth/token' } },
  {
    given: 'basic',
    auth: { type: 'basic' },
    needs: { username: plain('ann'), password: secret('pw') },
    pointer: { username: '/auth/type', password: '/auth/type' },
  },
  { given: 'apiKey in a header', auth: { type: 'apiKey', in: 'header', name: 'X-Key' }, needs: { token: secret('k') }, pointer: { token: '/auth/type' } },
  {
    given: 'apiKey in the query, named input',
    auth: { type: 'apiKey', in: 'query', name: 'api_key', key: 'apiKey' },
    needs: { apiKey: secret('k') },
    pointer: { apiKey: '/auth/key' },
  },
  {
    given: 'oauth2 client_credentials',
    auth: { type: 'oauth2', grant: 'client_credentials', tokenUrl: '/oauth/token' },
    needs: { clientId: plain('cid'), clientSecret: secret('cs') },
    pointer: { clientId: '/auth/type', clientSecret: '/auth/type' },
  },
  {
    given: 'oauth2 client_credentials with a token parameter from an input',
    auth: {
      type: 'oauth2',
      grant: 'client_credentials',
      tokenUrl: '/oauth2/token',
      tokenParams: { box_subject_type: 'enterprise', box_subject_id: '{inputs.enterpriseId}' },
    },
    needs: { clientId: plain('cid'), clientSecret: secret('cs'), enterpriseId: plain('917251') },
    pointer: { clientId: '/auth/type', clientSecret: '/auth/type', enterpriseId: '/auth/tokenParams/box_subject_id' },
  },
  {
    given: 'oauth2 refresh_token',
    auth: { type: 'oauth2', grant: 'refresh_token', tokenUrl: '/oauth/token' },
    needs: { clientId: plain('cid'), refreshToken: secret('rt') },
    pointer: { clientId: '/auth/type', refreshToken: '/auth/grant' },
  },
  {
    // codeVerifier: the runtime always required it with PKCE on, the validator did not check it.
    given: 'oauth2 authorization_code (PKCE on by default)',
    auth: { type: 'oauth2', grant: 'authorization_code', tokenUrl: '/oauth/token', authorizationUrl: '/authorize' },
    needs: {
      clientId: plain('cid'),
      authorizationCode: secret('code'),
      redirectUri: plain('https://iam.example.com/cb'),
      codeVerifier: secret('v'.repeat(43)),
    },
    pointer: { clientId: '/auth/type', authorizationCode: '/auth/grant', redirectUri: '/auth/grant', codeVerifier: '/auth/grant' },
  },
  {
    given: 'oauth2 authorization_code, PKCE on explicitly',
    auth: { type: 'oauth2', grant: 'authorization_code', tokenUrl: '/oauth/token', pkce: true },
    needs: {
      clientId: plain('cid'),
      authorizationCode: secret('code'),
      redirectUri: plain('https://iam.example.com/cb'),
      codeVerifier: secret('v'.repeat(43)),
    },
    pointer: { clientId: '/auth/type', authorizationCode: '/auth/grant', redirectUri: '/auth/grant', codeVerifier: '/auth/pkce' },
  },
  {
    given: 'oauth2 authorization_code without PKCE',
    auth: { type: 'oauth2', grant: 'authorization_code', tokenUrl: '/oauth/token', pkce: false },
    needs: { clientId: plain('cid'), authorizationCode: secret('code'), redirectUri: plain('https://iam.example.com/cb') },
    pointer: { clientId: '/auth/type', authorizationCode: '/auth/grant', redirectUri: '/auth/grant' },
  },
];

/**
 * A spec declaring the given inputs. For connect-time checks they are declared optional, so the
 * auth's own check (not the spec's `required`) is what refuses a missing one.
 */
function specWith(auth: Record<string, unknown>, declared: Record<string, { secret: boolean }>, required = true): string {
  const spec = baseSpec();
  spec.auth = auth;
  spec.inputs = Object.fromEntries(
    Object.entries(declared).map(([name, { secret: isSecret }]) => [name, { label: name, required, ...(isSecret ? { secret: true } : {}) }]),
  );
  return specText(spec);
}

/** Runs connect() and returns what it threw. */
function connectError(connector: Awaited<ReturnType<typeof compileSpecText>>, inputs: Record<string, string>): unknown {
  try {
    connect(connector, inputs, { egress: ALLOW_LOOPBACK, baseUrl: 'http://127.0.0.1:9' });
  } catch (error) {
    return error;
  }
  return undefined;
}

describe.each(CASES)('$given', ({ auth, needs, pointer }) => {
  const values = Object.fromEntries(Object.entries(needs).map(([name, { value }]) => [name, value]));

  it('validates and connects with every input declared and given', async () => {
    const text = specWith(auth, needs);
    const result = await validateSpecText({ text, file: 'agree.yaml' });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(connectError(await compileSpecText({ text, file: 'agree.yaml' }), values)).toBeUndefined();
  });

  it.each(Object.keys(needs))('without %s: a located diagnostic at validate time, CONFIG at connect time', async (missing) => {
    const { [missing]: _left, ...declared } = needs;
    const text = specWith(auth, declared);
    const { diagnostics } = await validateSpecText({ text, file: 'agree.yaml' });
    const unknown = diagnostics.filter((d) => d.code === 'SPEC_UNKNOWN_INPUT');
    expect(unknown.map((d) => ({ pointer: d.pointer, names: d.message.includes(`'${missing}'`) }))).toEqual([{ pointer: pointer[missing], names: true }]);
    expect(unknown[0]?.line).toBeGreaterThan(1);
    expect(unknown[0]?.column).toBeGreaterThan(0);

    const { [missing]: _value, ...given } = values;
    const connector = await compileSpecText({ text: specWith(auth, needs, false), file: 'agree.yaml' });
    const error = connectError(connector, given);
    expect(error).toMatchObject({ code: 'CONFIG', action: 'auth' });
    expect((error as Error).message).toContain(`auth needs the input \`${missing}\``);
  });
});

describe('inputs a connection does not always need', () => {
  const codeGrant = { type: 'oauth2', grant: 'authorization_code', tokenUrl: '/oauth/token' };

  it('a public client: no clientSecret declared or given (client_credentials still needs one)', async () => {
    const needs = { clientId: plain('cid'), refreshToken: secret('rt') };
    const text = specWith({ type: 'oauth2', grant: 'refresh_token', tokenUrl: '/oauth/token' }, needs);
    expect((await validateSpecText({ text })).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(connectError(await compileSpecText({ text }), { clientId: 'cid', refreshToken: 'rt' })).toBeUndefined();
    expect(
      connectError(
        await compileSpecText({
          text: specWith({ type: 'oauth2', grant: 'client_credentials', tokenUrl: '/t' }, { clientId: plain(''), clientSecret: secret('') }, false),
        }),
        { clientId: 'cid' },
      ),
    ).toMatchObject({
      code: 'CONFIG',
      message: expect.stringContaining('`clientSecret`'),
    });
  });

  it('authorization_code: a stored refresh token stands in for the code, redirect URI and verifier', async () => {
    const declared = { clientId: plain(''), refreshToken: secret(''), authorizationCode: secret(''), redirectUri: plain(''), codeVerifier: secret('') };
    const connector = await compileSpecText({ text: specWith(codeGrant, declared, false) });
    expect(connectError(connector, { clientId: 'cid', refreshToken: 'rt' })).toBeUndefined();
  });

  it('a declared optional credential must still be marked secret', async () => {
    const text = specWith(codeGrant, {
      clientId: plain(''),
      clientSecret: plain(''),
      authorizationCode: secret(''),
      redirectUri: plain(''),
      codeVerifier: secret(''),
    });
    const { diagnostics } = await validateSpecText({ text, file: 'agree.yaml' });
    expect(diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.pointer])).toEqual([['SPEC_SECRET_NOT_MARKED', '/inputs/clientSecret']]);
  });
});
