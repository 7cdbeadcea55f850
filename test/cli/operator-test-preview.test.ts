/**
 * `connector test` (the Test step) and `connector preview` (the Preview step) as subprocesses
 * against a fake target on 127.0.0.1, each run checked for the canary token in its output.
 */
import { describe, expect, it } from 'vitest';
import { CANARY_TOKEN } from '../fixtures/operator/directory-target.js';
import { useDirectoryTarget } from '../fixtures/operator/directory-session.js';
import { runInProcess } from '../fixtures/operator/run-cli.js';

const SPEC = 'test/fixtures/operator/directory.yaml';
const target = useDirectoryTarget();
const { cli } = target;

describe('connector test', () => {
  it('sends importUsers once and prints the request, status, headers and body, credentials masked', async () => {
    const result = await cli(['test', SPEC, 'importUsers']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^> GET http:\/\/127\.0\.0\.1:\d+\/users\?team=staff\n> accept: application\/json\n> user-agent: lifecycle-connectors\/\d+\.\d+\.\d+\S*\n> authorization: \*\*\*\n\n< 200\n(< [a-z-]+: .*\n)+\n\{\n {2}"users": \[\n/,
    );
    expect(result.stdout).toContain('< content-type: application/json\n');
    expect(result.stdout).toContain('"has_more": true');
    expect(target.server.requests).toHaveLength(1);
  });

  it('shows a 401 with the target body redacted and exits 1; --json prints one parseable object', async () => {
    const [human, json] = await Promise.all([
      cli(['test', SPEC, 'importUsers'], { CONNECTOR_INPUT_TOKEN: `${CANARY_TOKEN}-x` }),
      cli(['test', SPEC, 'importUsers', '--json'], { CONNECTOR_INPUT_TOKEN: `${CANARY_TOKEN}-x` }),
    ]);
    expect(human.code).toBe(1);
    expect(human.stdout).toContain('\n< 401\n');
    expect(human.stdout).toContain('"error": "invalid token: ***"');
    expect(human.stderr).toBe('test: importUsers: the target answered HTTP 401\n');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      status: 401,
      request: { method: 'GET', headers: { authorization: '***' } },
      body: { error: 'invalid token: ***' },
    });
  });

  it('refuses a write action without --live (exit 2, nothing sent) and sends it with --live', async () => {
    const [refused, live] = await Promise.all([
      cli(['test', SPEC, 'deleteUser', '--account', 'u2']),
      cli(['test', SPEC, 'createUser', '--person', 'test/fixtures/operator/person.json', '--live']),
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(
      `error: deleteUser changes data in Test directory: test would really send it. Add --live to send it, or see the request without sending it with \`connector run ${SPEC} deleteUser --account u2 --dry-run\``,
    );
    expect(live.code).toBe(0);
    expect(live.stdout).toMatch(/^> POST http:\/\/127\.0\.0\.1:\d+\/users\n/);
    expect(live.stdout).toContain('\n< 201\n');
    expect(target.server.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /users']);
  });
});

describe('connector preview', () => {
  it('maps a saved response without credentials, flags every problem, summarises, and exits 1 for a record without id', async () => {
    const result = await cli(['preview', SPEC, '--response', 'test/fixtures/operator/response-with-problems.json'], {});
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      [
        '#  ID  EMAIL              NAME   ADMIN  PROBLEMS',
        '0  a1  ann@example.com    Ann    true',
        '1  a1                     5      false  missing email; duplicate id a1 (also record 0); non-string name (number)',
        '2                                       record 2 has no id; it is not imported',
        '3                                       record 3 has an empty id; it is not imported',
        '4  7   seven@example.com  Seven  false  non-string id (number 7)',
        '',
      ].join('\n'),
    );
    expect(result.stderr).toBe(
      'preview: 5 records: 1 without problems; 1 missing email, 1 duplicate id, 1 non-string name, 1 without id, 1 empty id, 1 non-string id; 2 would not be imported\n',
    );
    expect(target.server.requests).toEqual([]);
  });

  it('maps a live first page (exit 0 when every record has an id) and prints --json', async () => {
    const [human, json] = await Promise.all([cli(['preview', SPEC]), cli(['preview', SPEC, '--json'])]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('0  u1  ann@example.com  Ann Admin   true');
    expect(human.stderr).toBe('preview: 2 records: 2 without problems\n');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      records: [
        { index: 0, account: { id: 'u1', email: 'ann@example.com', name: 'Ann Admin', admin: true }, problems: [] },
        { index: 1, account: { id: 'u2', email: 'bob@example.com', name: 'Bob Member', admin: false }, problems: [] },
      ],
      summary: { records: 2, importable: 2, withProblems: 0, duplicates: 0, byKind: {}, text: '2 records: 2 without problems' },
    });
  });

  it('--payload createUser renders the request for a person without sending it', async () => {
    const result = await cli(['preview', SPEC, '--payload', 'createUser', '--person', 'test/fixtures/operator/person.json', '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('createUser: preview, nothing sent\n');
    expect(JSON.parse(result.stdout)).toMatchObject({
      method: 'POST',
      headers: { Authorization: '***' },
      payload: { user: { email: 'dee@example.com', name: 'Dee New', role: 'admin' } },
    });
    expect(target.server.requests).toEqual([]);
  });

  it('reports a wrong token on a live preview as one error block (exit 1), a broken spec with diagnostics', async () => {
    const [wrong, broken] = await Promise.all([
      cli(['preview', SPEC], { CONNECTOR_INPUT_TOKEN: `${CANARY_TOKEN}-x` }),
      cli(['preview', 'test/fixtures/operator/broken.yaml', '--response', 'test/fixtures/operator/response-clean.json']),
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toBe('');
    expect(wrong.stderr).toMatch(/^error AUTH_FAILED: .*\n {2}action: {2}importUsers\n/);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('test/fixtures/operator/broken.yaml:11:5  SPEC_MAPPING_MISSING');
  });
});

describe('in process', () => {
  it('preview --payload createUser without --person renders it for the operator given with --actor-email/--actor-name', async () => {
    const env = { CONNECTOR_INPUT_TOKEN: CANARY_TOKEN, CONNECTOR_INPUT_BASE_URL: target.server.origin };
    const result = await runInProcess(['preview', SPEC, '--payload', 'createUser', '--actor-email', 'op@example.com', '--actor-name', 'Op Erator'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('{\n  "user": {\n    "email": "op@example.com",\n    "name": "Op Erator",\n    "role": "member"\n  }\n}\n');
    expect(target.server.requests).toEqual([]);
  });

  it('run importUsers warns on stderr about records it skips for want of an id', async () => {
    target.users.splice(1, 1, { id: '', email: 'x@example.com', name: 'No Id', role: 'member' });
    const env = { CONNECTOR_INPUT_TOKEN: CANARY_TOKEN, CONNECTOR_INPUT_BASE_URL: target.server.origin };
    const result = await runInProcess(['run', SPEC, 'importUsers', '--ndjson'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(result.stderr).toBe('warning: page 1: record 1 has an empty id; it is not imported\nimportUsers: 2 accounts in 2 pages, 1 record(s) skipped\n');
  });

  it('run importUsers warns when a mapping field gave no value for any account', async () => {
    for (const user of target.users) user.email = '';
    const env = { CONNECTOR_INPUT_TOKEN: CANARY_TOKEN, CONNECTOR_INPUT_BASE_URL: target.server.origin };
    const result = await runInProcess(['run', SPEC, 'importUsers', '--json'], { env });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toHaveLength(target.users.length);
    expect(result.stderr).toContain(`warning: mapping field \`email\` gave no value for any of the ${target.users.length} accounts; check its expression\n`);
    expect(result.stderr).toContain('1 warning(s): see above');
  });

  it('run importUsers fails (exit 1) when no record of a page maps to an account', async () => {
    for (const user of target.users) user.id = '';
    const env = { CONNECTOR_INPUT_TOKEN: CANARY_TOKEN, CONNECTOR_INPUT_BASE_URL: target.server.origin };
    const result = await runInProcess(['run', SPEC, 'importUsers', '--json'], { env });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('error MAPPING_FAILED: importUsers: none of the 2 records of page 1 could be imported');
  });
});

describe('--help', () => {
  it('documents test and preview with their exit codes', async () => {
    const [test, preview] = await Promise.all([cli(['test', '--help']), cli(['preview', '--help'])]);
    expect(test.code).toBe(0);
    expect(test.stdout).toContain('--live');
    expect(test.stdout).toContain('Exit codes: 0 the target answered 2xx');
    expect(preview.code).toBe(0);
    expect(preview.stdout).toContain('--payload <action>');
    expect(preview.stdout).toContain('--response <file.json>');
    expect(preview.stdout).toContain('Exit codes: 0 every record has an id');
  });
});
