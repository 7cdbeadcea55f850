/** The other semantic rules, one table per rule. */
import { afterEach, describe, expect, it } from 'vitest';
import { validateSpecText } from '../../../src/compiler/index.js';
import { installFakeJq } from '../../jq/fake-jq-binary.js';
import { baseSpec, errorCodes, specText } from '../helpers.js';

async function codes(change: (spec: Record<string, any>) => void): Promise<string[]> {
  const spec = baseSpec();
  change(spec);
  return errorCodes((await validateSpecText({ text: specText(spec), file: 's.yaml' })).diagnostics);
}

describe('path placeholders', () => {
  it.each([
    { given: '/users/{account.id}', want: [] },
    { given: '/users/{account.id}/groups/{inputs.region}', want: [] },
    { given: '/users/{account.id', want: ['SPEC_PATH_PLACEHOLDER_SYNTAX'] },
    { given: '/users/{{account.id}}', want: ['SPEC_PATH_PLACEHOLDER_SYNTAX'] },
    { given: '/users/{vars.tag}', want: ['SPEC_PATH_PLACEHOLDER_UNDEFINED'] },
    { given: '/users/{inputs.nope}', want: ['SPEC_PATH_PLACEHOLDER_UNDEFINED'] },
    { given: '/users/{inputs.token}', want: ['SPEC_TEMPLATE_SECRET_INPUT'] },
    { given: '/users/{a b}', want: ['SPEC_PATH_PLACEHOLDER_SYNTAX'] },
  ])('deleteUser path $given -> $want', async ({ given, want }) => {
    expect(await codes((s) => (s.actions.deleteUser = { method: 'DELETE', path: given }))).toEqual(want);
  });
});

describe('inline secrets', () => {
  it.each([
    { given: 'Accept header', change: (s: any) => (s.headers = { Accept: 'application/json' }), want: [] },
    { given: 'templated auth header', change: (s: any) => (s.headers = { 'X-Region': '{{inputs.region}}' }), want: [] },
    { given: 'literal API key header', change: (s: any) => (s.headers = { 'X-Api-Key': 'abcdef123456' }), want: ['SPEC_INLINE_SECRET'] },
    {
      given: 'Bearer value under another name',
      change: (s: any) => (s.actions.importUsers.headers = { 'X-Custom': 'Bearer 0123456789abcdef' }),
      want: ['SPEC_INLINE_SECRET'],
    },
    {
      given: 'literal token query parameter',
      change: (s: any) => (s.actions.importUsers.query = { access_token: 'abc123abc123' }),
      want: ['SPEC_INLINE_SECRET'],
    },
    { given: 'credentials in baseUrl', change: (s: any) => (s.baseUrl = 'https://admin:pw@api.example.com'), want: ['SPEC_INLINE_SECRET'] },
    { given: 'secret default', change: (s: any) => (s.inputs.token.default = 'x'), want: ['SPEC_INLINE_SECRET'] },
  ])('$given -> $want', async ({ change, want }) => {
    expect(await codes(change)).toEqual(want);
  });

  it('never repeats the secret value in the message', async () => {
    const spec = baseSpec();
    spec.auth = { type: 'apiKey', in: 'header', name: 'Authorization', value: 'Token token=sk_live_supersecret' };
    const { diagnostics } = await validateSpecText({ text: specText(spec), file: 's.yaml' });
    expect(diagnostics.map((d) => d.code)).toEqual(['SPEC_INLINE_SECRET']);
    expect(JSON.stringify(diagnostics)).not.toContain('supersecret');
  });
});

describe('inputs, URLs and plans', () => {
  it.each([
    {
      given: 'basic auth with its inputs',
      change: (s: any) => {
        s.auth = { type: 'basic' };
        s.inputs.username = { label: 'U' };
        s.inputs.password = { label: 'P', secret: true };
      },
      want: [],
    },
    { given: 'bearer naming another input', change: (s: any) => (s.auth = { type: 'bearer', token: 'apiToken' }), want: ['SPEC_UNKNOWN_INPUT'] },
    {
      given: 'apiKey with an additional key header it declares as a secret input',
      change: (s: any) => {
        s.auth = { type: 'apiKey', in: 'header', name: 'DD-API-KEY', additionalHeaders: [{ name: 'DD-APPLICATION-KEY', key: 'applicationKey' }] };
        s.inputs.applicationKey = { label: 'Application key', secret: true };
      },
      want: [],
    },
    {
      given: 'apiKey with an additional key header whose input is not declared',
      change: (s: any) => (s.auth = { type: 'apiKey', in: 'header', name: 'X', additionalHeaders: [{ name: 'Y', key: 'applicationKey' }] }),
      want: ['SPEC_UNKNOWN_INPUT'],
    },
    {
      given: 'apiKey with an additional key header whose input is not secret',
      change: (s: any) => {
        s.auth = { type: 'apiKey', in: 'header', name: 'X', additionalHeaders: [{ name: 'Y', key: 'applicationKey' }] };
        s.inputs.applicationKey = { label: 'Application key' };
      },
      want: ['SPEC_SECRET_NOT_MARKED'],
    },
    {
      given: 'oauth2 refresh without refreshToken',
      change: (s: any) => {
        s.auth = { type: 'oauth2', grant: 'refresh_token', tokenUrl: '/oauth/token' };
        s.inputs.clientId = { label: 'C' };
        s.inputs.clientSecret = { label: 'S', secret: true };
      },
      want: ['SPEC_UNKNOWN_INPUT'],
    },
    {
      given: 'oauth2 token URL with a bad scheme',
      change: (s: any) => {
        s.auth = { type: 'oauth2', grant: 'client_credentials', tokenUrl: 'ftp://auth.example.com/token' };
        s.inputs.clientId = { label: 'C' };
        s.inputs.clientSecret = { label: 'S', secret: true };
      },
      want: ['SPEC_MALFORMED_URL'],
    },
    {
      given: 'baseUrl input instead of a prefilled one',
      change: (s: any) => {
        delete s.baseUrl;
        s.inputs.baseUrl = { label: 'Base URL', type: 'url', required: true };
      },
      want: [],
    },
    { given: 'baseUrl with a query', change: (s: any) => (s.baseUrl = 'https://api.example.com/?x=1'), want: ['SPEC_MALFORMED_URL'] },
    { given: 'custom action with plan business', change: (s: any) => (s.actions.custom = { a: { method: 'POST', path: '/a', plan: 'business' } }), want: [] },
    {
      given: 'result without an import mapping',
      change: (s: any) => {
        delete s.actions.importUsers;
        s.actions.createUser = { method: 'POST', path: '/u', result: '.user' };
      },
      want: ['SPEC_RESULT_WITHOUT_MAPPING'],
    },
    { given: 'bad jq in an error rule', change: (s: any) => (s.errors = { rules: [{ status: 400, when: '.error ==' }] }), want: ['SPEC_JQ_SYNTAX'] },
    { given: 'bad jq in a lookup', change: (s: any) => (s.lookups = { owner: { path: '/o', value: '.[' } }), want: ['SPEC_JQ_SYNTAX'] },
  ])('$given -> $want', async ({ change, want }) => {
    expect(await codes(change)).toEqual(want);
  });

  it('warns when the yaml-language-server comment is missing', async () => {
    const { diagnostics, spec } = await validateSpecText({ text: specText(baseSpec()).split('\n').slice(1).join('\n'), file: 's.yaml' });
    expect(spec).toBeDefined();
    expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([['SPEC_SCHEMA_COMMENT_MISSING', 'warning']]);
  });
});

describe('jq constructs the in-process engine refuses', () => {
  const savedJqPath = process.env.JQ_PATH;
  afterEach(() => {
    if (savedJqPath === undefined) delete process.env.JQ_PATH;
    else process.env.JQ_PATH = savedJqPath;
  });

  it('warns, naming the construct and its place, when the expression falls back to the jq binary', async () => {
    // A stand-in jq that compiles everything: the fallback is on because a jq binary is there.
    process.env.JQ_PATH = installFakeJq({ '.name // input_filename // ""': {} }).binary;
    const spec = baseSpec();
    spec.actions.importUsers.mapping.name = '.name // input_filename // ""';
    const text = specText(spec);
    const { diagnostics } = await validateSpecText({ text, file: 's.yaml', jqPolicy: 'trusted' });
    expect(diagnostics).toHaveLength(1);
    const [warning] = diagnostics;
    expect(warning).toMatchObject({ code: 'SPEC_JQ_BINARY_FALLBACK', severity: 'warning', pointer: '/actions/importUsers/mapping/name' });
    expect(warning?.message).toContain('input_filename');
    const line = text.split('\n')[warning!.line - 1]!;
    expect(line.slice(warning!.column - 1)).toMatch(/^input_filename/);
  });

  it('refuses the construct in a spec of unstated origin (the customer policy), though a jq binary is there', async () => {
    process.env.JQ_PATH = installFakeJq({ '.name // input_filename // ""': {} }).binary;
    const spec = baseSpec();
    spec.actions.importUsers.mapping.name = '.name // input_filename // ""';
    const { diagnostics } = await validateSpecText({ text: specText(spec), file: 's.yaml' });
    expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([['SPEC_JQ_UNSUPPORTED', 'error']]);
  });
});

describe('outcome rules', () => {
  async function diagnosticsOf(deleteUser: Record<string, unknown>) {
    const spec = baseSpec();
    spec.actions.deleteUser = { method: 'DELETE', path: '/users/{account.id}', ...deleteUser };
    return (await validateSpecText({ text: specText(spec), file: 's.yaml' })).diagnostics;
  }

  it('accepts a status with a jq condition', async () => {
    expect(await diagnosticsOf({ outcomes: [{ status: 404, when: '.error.code == 2100', means: 'alreadyAbsent' }] })).toEqual([]);
  });

  it.each([
    { given: 'no condition', rule: { status: 404, means: 'alreadyAbsent' }, want: 'SPEC_MISSING_FIELD' },
    { given: 'an unknown meaning', rule: { status: 404, when: 'true', means: 'gone' }, want: 'SPEC_INVALID_VALUE' },
    { given: 'a broken condition', rule: { status: 404, when: '.error.code ==', means: 'alreadyAbsent' }, want: 'SPEC_JQ_SYNTAX' },
  ])('refuses a rule with $given', async ({ rule, want }) => {
    expect(errorCodes(await diagnosticsOf({ outcomes: [rule] }))).toContain(want);
  });

  it('warns that absentOn proves absence by status alone, at the key', async () => {
    const diagnostics = await diagnosticsOf({ absentOn: [404] });
    expect(errorCodes(diagnostics)).toEqual([]);
    expect(diagnostics).toEqual([
      expect.objectContaining({ code: 'SPEC_ABSENT_ON_STATUS_ONLY', severity: 'warning', pointer: '/actions/deleteUser/absentOn' }),
    ]);
  });
});
