import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatFlagHelp, parseArgs, UsageError, type FlagSpecs } from '../../src/cli/args.js';
import {
  collectInputs,
  environmentSecrets,
  explainSecretFlag,
  formatMissingInputs,
  parseInputFlags,
  readInputsFile,
  readJsonFile,
  toEnvName,
} from '../../src/cli/inputs.js';
import type { ConnectorSpec } from '../../generated/spec-types.js';

const flags: FlagSpecs = {
  json: { kind: 'boolean', description: 'JSON output' },
  person: { kind: 'string', value: '<file.json>', description: 'the person' },
  input: { kind: 'list', value: '<name=value>', description: 'an input' },
};

describe('parseArgs', () => {
  const cases: { given: string[]; want: unknown }[] = [
    { given: ['a', 'b'], want: { positionals: ['a', 'b'], strings: {}, booleans: {}, lists: {} } },
    { given: ['a', '--json', 'b'], want: { positionals: ['a', 'b'], strings: {}, booleans: { json: true }, lists: {} } },
    { given: ['--person', 'p.json', 'x'], want: { positionals: ['x'], strings: { person: 'p.json' }, booleans: {}, lists: {} } },
    { given: ['--person=p=1.json'], want: { positionals: [], strings: { person: 'p=1.json' }, booleans: {}, lists: {} } },
    { given: ['--input', 'a=1', '--input=b=2'], want: { positionals: [], strings: {}, booleans: {}, lists: { input: ['a=1', 'b=2'] } } },
    { given: ['x', '--', '--json', '-'], want: { positionals: ['x', '--json', '-'], strings: {}, booleans: {}, lists: {} } },
  ];
  it.each(cases)('parses $given', ({ given, want }) => {
    expect(parseArgs({ argv: given, flags })).toEqual(want);
  });

  const errors: { given: string[]; want: string }[] = [
    { given: ['--nope'], want: 'unknown option --nope' },
    { given: ['-x'], want: 'unknown option -x' },
    { given: ['--json=yes'], want: '--json takes no value' },
    { given: ['--person'], want: '--person needs a value <file.json>' },
    { given: ['--person', '--json'], want: '--person needs a value <file.json>' },
    { given: ['--person', 'a', '--person', 'b'], want: '--person given twice' },
  ];
  it.each(errors)('refuses $given', ({ given, want }) => {
    expect(() => parseArgs({ argv: given, flags })).toThrow(new UsageError(want));
  });

  it('refuses a secret-looking option with an explanation and never echoes its value', () => {
    for (const flag of ['--token=canary-123', '--client-secret=canary-123', '--api-key=canary-123', '--password=canary-123']) {
      let message = '';
      try {
        parseArgs({ argv: [flag], flags });
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        message = (error as Error).message;
      }
      expect(message).toMatch(/refused: secrets are not accepted on the command line: .*shell history/);
      expect(message).not.toContain('canary-123');
    }
    expect(explainSecretFlag('client-secret')).toContain('CONNECTOR_INPUT_CLIENT_SECRET');
    expect(explainSecretFlag('person')).toBeUndefined();
  });

  it('lists every flag in help with its placeholder', () => {
    expect(formatFlagHelp(flags)).toBe(
      ['  --json                JSON output', '  --person <file.json>  the person', '  --input <name=value>  an input (repeatable)'].join('\n'),
    );
  });
});

const spec = {
  specVersion: 1,
  id: 'demo',
  name: 'Demo',
  type: 'custom',
  auth: { type: 'bearer' },
  inputs: {
    token: { label: 'API token', secret: true, required: true },
    workspace: { label: 'Workspace', required: true },
    region: { label: 'Region', default: 'eu' },
    clientSecret: { label: 'Client secret' },
    tokenUrl: { label: 'Token URL' },
    signingKey: { label: 'Signing key', secret: true },
  },
  actions: { importUsers: { path: '/users', mapping: { id: '.id', email: '.email', name: '.name' } } },
} as ConnectorSpec;

describe('toEnvName', () => {
  it.each([
    ['token', 'CONNECTOR_INPUT_TOKEN'],
    ['clientSecret', 'CONNECTOR_INPUT_CLIENT_SECRET'],
    ['baseUrl', 'CONNECTOR_INPUT_BASE_URL'],
    ['oauth2Token', 'CONNECTOR_INPUT_OAUTH2_TOKEN'],
  ])('%s -> %s', (given, want) => expect(toEnvName(given)).toBe(want));
});

describe('collectInputs', () => {
  it('takes flags over the file over the environment, and lists what is missing', () => {
    const collected = collectInputs({
      spec,
      env: { CONNECTOR_INPUT_TOKEN: 'env-token', CONNECTOR_INPUT_WORKSPACE: 'env-ws', CONNECTOR_INPUT_CLIENT_SECRET: '' },
      file: { workspace: 'file-ws' },
      flags: {},
      baseUrlFlag: undefined,
    });
    expect(collected.inputs).toEqual({ token: 'env-token', workspace: 'file-ws' });
    expect(collected.secrets).toEqual(['env-token']);
    expect(collected.missing.map((m) => m.name)).toEqual(['baseUrl']);
    const flagged = collectInputs({ spec, env: {}, file: { workspace: 'file-ws' }, flags: { workspace: 'flag-ws' }, baseUrlFlag: 'http://127.0.0.1:1' });
    expect(flagged.inputs).toEqual({ workspace: 'flag-ws' });
    expect(flagged.baseUrl).toBe('http://127.0.0.1:1');
    expect(flagged.missing).toEqual([{ name: 'token', label: 'API token', envName: 'CONNECTOR_INPUT_TOKEN' }]);
  });

  it('explains where each missing input goes', () => {
    const { missing } = collectInputs({ spec, env: {}, file: {}, flags: {}, baseUrlFlag: undefined });
    expect(formatMissingInputs(missing)).toBe(
      [
        'missing required inputs: token, workspace, baseUrl',
        '  token (API token): set CONNECTOR_INPUT_TOKEN or put "token" in the --inputs file',
        '  workspace (Workspace): set CONNECTOR_INPUT_WORKSPACE or put "workspace" in the --inputs file',
        '  baseUrl (Base URL): set CONNECTOR_INPUT_BASE_URL, pass --base-url <url>, or put "baseUrl" in the --inputs file',
      ].join('\n'),
    );
  });
});

describe('environmentSecrets', () => {
  it("takes every auth type's credential names from the auth descriptors (codeVerifier included)", () => {
    const env = { CONNECTOR_INPUT_CODE_VERIFIER: 'canary-verifier', CONNECTOR_INPUT_AUTHORIZATION_CODE: 'canary-code', CONNECTOR_INPUT_REGION: 'eu' };
    expect(environmentSecrets(env).sort()).toEqual(['canary-code', 'canary-verifier']);
  });
});

describe('parseInputFlags', () => {
  it('accepts non-secret inputs and refuses secret ones without echoing the value', () => {
    expect(parseInputFlags({ flags: ['workspace=a=b', 'tokenUrl=https://x/t'], spec })).toEqual({ workspace: 'a=b', tokenUrl: 'https://x/t' });
    expect(() => parseInputFlags({ flags: ['signingKey=canary-1'], spec })).toThrow(/--input signingKey=\.\.\. refused/);
    expect(() => parseInputFlags({ flags: ['apiToken=canary-1'], spec })).toThrow(/--input apiToken=\.\.\. refused/);
    expect(() => parseInputFlags({ flags: ['token=canary-1'], spec })).toThrow(/--input token=\.\.\. refused: .*CONNECTOR_INPUT_TOKEN/);
    expect(() => parseInputFlags({ flags: ['clientSecret=canary-1'], spec })).toThrow(/refused/);
    expect(() => parseInputFlags({ flags: ['nope=1'], spec })).toThrow(
      '--input: unknown input "nope"; demo takes: token, workspace, region, clientSecret, tokenUrl, signingKey',
    );
    expect(() => parseInputFlags({ flags: ['workspace'], spec })).toThrow('--input expects name=value, got "workspace"');
  });
});

describe('readInputsFile', () => {
  async function fileWith(text: string): Promise<{ dir: string; path: string }> {
    const dir = await mkdtemp(join(tmpdir(), 'operator-inputs-'));
    await writeFile(join(dir, 'in.json'), text);
    return { dir, path: 'in.json' };
  }

  it('reads a JSON object of strings', async () => {
    const { dir, path } = await fileWith('{"token": "t", "baseUrl": "http://x"}');
    expect(await readInputsFile({ path, cwd: dir, spec })).toEqual({ token: 't', baseUrl: 'http://x' });
  });

  const bad: { given: string; want: string }[] = [
    { given: '[1]', want: 'in.json: expected a JSON object keyed by input name, got an array' },
    { given: '{"tokn": "x"}', want: 'in.json: unknown input "tokn"; demo takes: token, workspace, region, clientSecret, tokenUrl, signingKey, baseUrl' },
    { given: '{"token": 5}', want: 'in.json: input "token" must be a string, got number' },
    { given: '{\n "token": "canary-secret",\n}', want: 'in.json:3:1: not valid JSON: expected double-quoted property name (--inputs expects a JSON file)' },
    { given: '{"token": canary-secret}', want: 'in.json: not valid JSON: unexpected character (--inputs expects a JSON file)' },
    // The punctuation JSON.parse expected is kept (it says what to fix); the quoted input never is.
    {
      given: '{"token": "canary-secret" "x": 1}',
      want: "in.json:1:27: not valid JSON: expected ',' or '}' after property value (--inputs expects a JSON file)",
    },
  ];
  it.each(bad)('names the file and the problem for $given', async ({ given, want }) => {
    const { dir, path } = await fileWith(given);
    await expect(readInputsFile({ path, cwd: dir, spec })).rejects.toThrow(want);
  });

  it('names a file that cannot be read, and where it was looked for (npm run changes the directory)', async () => {
    await expect(readJsonFile({ path: 'missing.json', cwd: tmpdir(), flag: 'person' })).rejects.toThrow(
      `--person missing.json: no such file (looked for ${join(tmpdir(), 'missing.json')})`,
    );
    await expect(readJsonFile({ path: '.', cwd: tmpdir(), flag: 'response' })).rejects.toThrow('--response .: is a directory, not a JSON file');
  });
});

describe('redactIO', () => {
  it('masks every secret input value (and its encoded forms) in everything written to stdout and stderr', async () => {
    const { redactIO } = await import('../../src/cli/resolve-connector.js');
    const written: string[] = [];
    const stream = { write: (text: string) => written.push(text), isTTY: true };
    const io = redactIO({ stdout: stream, stderr: stream, stdin: process.stdin, env: {}, cwd: '/' }, ['s3cr3t/+value']);
    io.stdout.write('token s3cr3t/+value\n');
    io.stderr.write(`url ?t=${encodeURIComponent('s3cr3t/+value')}\n`);
    expect(written).toEqual(['token ***\n', 'url ?t=***\n']);
    expect(io.stdout.isTTY).toBe(true);
  });
});
