/**
 * `connector run` as a subprocess against a fake target on 127.0.0.1: every output mode, every
 * action kind, and the failures an operator meets (bad spec, missing input, wrong token, 500).
 * Every run is checked for the canary token in stdout and stderr.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { CANARY_TOKEN } from '../fixtures/operator/directory-target.js';
import { useDirectoryTarget } from '../fixtures/operator/directory-session.js';
import { runCli, runInProcess } from '../fixtures/operator/run-cli.js';

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const SPEC = 'test/fixtures/operator/directory.yaml';
const target = useDirectoryTarget();
const { cli } = target;

describe('connector run importUsers', () => {
  it('prints a table of every page on stdout and a summary on stderr', async () => {
    const result = await cli(['run', SPEC, 'importUsers']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        'ID  EMAIL            NAME        ADMIN',
        'u1  ann@example.com  Ann Admin   true',
        'u2  bob@example.com  Bob Member  false',
        'u3                   Cy Noemail  false',
        '',
      ].join('\n'),
    );
    expect(result.stderr).toBe('importUsers: 3 accounts in 2 pages\n');
    expect(target.server.requests.map((request) => request.url)).toEqual(['/users?team=staff&page=1&per_page=2', '/users?team=staff&page=2&per_page=2']);
  });

  it('--json prints one parseable array with the mapped extras, --ndjson one account per line', async () => {
    const [json, ndjson] = await Promise.all([cli(['run', SPEC, 'importUsers', '--json']), cli(['run', SPEC, 'importUsers', '--ndjson'])]);
    const expected = [
      { id: 'u1', email: 'ann@example.com', name: 'Ann Admin', admin: true },
      { id: 'u2', email: 'bob@example.com', name: 'Bob Member', admin: false },
      { id: 'u3', email: '', name: 'Cy Noemail', admin: false },
    ];
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(expected);
    expect(ndjson.code).toBe(0);
    expect(
      ndjson.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual(expected);
    expect(ndjson.stderr).toBe('importUsers: 3 accounts in 2 pages\n');
  });

  it('takes inputs from an --inputs file and --input, and the base URL from --base-url', async () => {
    const result = await cli(
      ['run', SPEC, 'importUsers', '--inputs', 'test/fixtures/operator/inputs.json', '--input', 'team=ops', '--base-url', target.server.origin, '--json'],
      { CONNECTOR_INPUT_BASE_URL: 'http://127.0.0.1:9' },
    );
    expect(result.stderr).toBe('importUsers: 3 accounts in 2 pages\n');
    expect(result.code).toBe(0);
    expect(target.server.requests[0]?.url).toBe('/users?team=ops&page=1&per_page=2');
  });

  it('prints one error block with code, request, status, the redacted target answer and exit 1 for a wrong token', async () => {
    const result = await cli(['run', SPEC, 'importUsers'], { CONNECTOR_INPUT_TOKEN: `${CANARY_TOKEN}-revoked` });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^error AUTH_FAILED: .*\n {2}action: {2}importUsers\n {2}request: GET http:\/\/127\.0\.0\.1:\d+\/users\?team=staff&page=1&per_page=2\n {2}status: {2}401\n {2}target: {2}\{"error":"invalid token: \*\*\*"\}\n/,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('retries a target that answers 500, then fails with TARGET_ERROR (--verbose shows the retries)', async () => {
    target.server.use(http.get('*/users', () => HttpResponse.json({ error: 'database on fire' }, { status: 500 })));
    const result = await cli(['run', SPEC, 'importUsers', '--json', '--verbose']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/log: importUsers: .*retrying in \d+ ms \(attempt 2 of 4\)/);
    expect(result.stderr).toMatch(/error TARGET_ERROR: .*\n(.*\n)* {2}status: {2}500\n {2}target: {2}\{"error":"database on fire"\}/);
    expect(target.server.requests.length).toBe(4);
  });
});

describe('connector run importUsers, early reader exit', () => {
  it('stops quietly (exit 0, no stack trace) when the reader closes the pipe, as `| head -1` does', async () => {
    const page = (n: number) =>
      Array.from({ length: 500 }, (_, i) => ({ id: `p${n}-${i}`, email: `u${n}-${i}@example.com`, name: `User ${n} ${i}`, role: 'member' }));
    target.server.use(
      http.get('*/users', ({ request }) => {
        const n = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json({ users: page(n), has_more: n < 200 });
      }),
    );
    const result = await runCli(
      ['run', SPEC, 'importUsers', '--ndjson'],
      { CONNECTOR_INPUT_TOKEN: CANARY_TOKEN, CONNECTOR_INPUT_BASE_URL: target.server.origin },
      1,
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^importUsers: \d+ accounts in \d+ pages \(stopped: the reader closed the output\)\n$/);
    expect(target.server.requests.length).toBeLessThan(200);
  });
});

describe('connector run importUsers, progress', () => {
  it('draws a progress line on a TTY stderr, erases it before the summary, and keeps stdout clean', async () => {
    const env = { CONNECTOR_INPUT_TOKEN: CANARY_TOKEN, CONNECTOR_INPUT_BASE_URL: target.server.origin };
    const tty = await runInProcess(['run', SPEC, 'importUsers', '--json'], { env, stderrIsTTY: true });
    expect(tty.code).toBe(0);
    expect(JSON.parse(tty.stdout)).toHaveLength(3);
    expect(tty.stdout).not.toContain('\r');
    // Drawn after the first page, redrawn at most every 100 ms (so after the second page only on a
    // slow machine), erased before the summary.
    const drawn = tty.stderr.split('\r\u001b[2K');
    expect(drawn[0]).toBe('');
    expect(drawn[1]).toMatch(/^importUsers: 1 page, 2 accounts, \d+ accounts\/s$/);
    for (const line of drawn.slice(2, -1)) expect(line).toMatch(/^importUsers: 2 pages, 3 accounts, \d+ accounts\/s$/);
    expect(drawn.at(-1)).toBe('importUsers: 3 accounts in 2 pages\n');
    expect(drawn.length).toBeLessThanOrEqual(4);
    const piped = await runInProcess(['run', SPEC, 'importUsers', '--json'], { env, stderrIsTTY: false });
    expect(piped.stderr).toBe('importUsers: 3 accounts in 2 pages\n');
  });

  it('erases the progress line before printing an error that ends the import on a later page', async () => {
    target.server.use(
      http.get('*/users', ({ request }) =>
        new URL(request.url).searchParams.get('page') === '2' ? HttpResponse.json({ error: 'revoked' }, { status: 401 }) : undefined,
      ),
    );
    const env = { CONNECTOR_INPUT_TOKEN: CANARY_TOKEN, CONNECTOR_INPUT_BASE_URL: target.server.origin };
    const result = await runInProcess(['run', SPEC, 'importUsers', '--ndjson'], { env, stderrIsTTY: true });
    expect(result.code).toBe(1);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(result.stderr).toMatch(/^\r\u001b\[2KimportUsers: 1 page, 2 accounts, [^\r]*\r\u001b\[2Kerror AUTH_FAILED: /);
  });
});

describe('connector run, write actions', () => {
  it('createUser --person says what it sends on stderr and prints the created account', async () => {
    const result = await cli(['run', SPEC, 'createUser', '--person', 'test/fixtures/operator/person.json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^createUser: sending POST http:\/\/127\.0\.0\.1:\d+\/users for dee@example\.com\ncreateUser: done \(HTTP 201\)\n$/);
    expect(result.stdout).toBe('id     u4\nemail  dee@example.com\nname   Dee New\nadmin  true\n');
    expect(JSON.parse(target.server.requests[0]?.body ?? '')).toEqual({ user: { email: 'dee@example.com', name: 'Dee New', role: 'admin' } });
  });

  it('--dry-run renders method, URL, headers (credentials masked) and body, and sends nothing', async () => {
    const result = await cli(['run', SPEC, 'createUser', '--person', 'test/fixtures/operator/person.json', '--dry-run']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('createUser: dry run, nothing sent\n');
    expect(result.stdout).toBe(
      [
        `> POST ${target.server.origin}/users`,
        '> accept: application/json',
        `> user-agent: lifecycle-connectors/${VERSION}`,
        '> content-type: application/json',
        '> authorization: ***',
        '',
        '{',
        '  "user": {',
        '    "email": "dee@example.com",',
        '    "name": "Dee New",',
        '    "role": "admin"',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    expect(target.server.requests).toEqual([]);
  });

  it('activateUser, deactivateUser and deleteUser take --account; a gone account is reported as already absent', async () => {
    const [activate, deactivate, remove, gone] = await Promise.all([
      cli(['run', SPEC, 'activateUser', '--account', 'u1']),
      cli(['run', SPEC, 'deactivateUser', '--account', 'u2', '--json']),
      cli(['run', SPEC, 'deleteUser', '--account', 'u3']),
      cli(['run', SPEC, 'deleteUser', '--account', 'nobody']),
    ]);
    expect(activate.code).toBe(0);
    expect(activate.stderr).toMatch(/activateUser: sending POST http:\/\/127\.0\.0\.1:\d+\/users\/u1\/activate for u1\nactivateUser: done \(HTTP 200\)\n/);
    expect(deactivate.code).toBe(0);
    expect(JSON.parse(deactivate.stdout)).toMatchObject({ status: 200 });
    expect(remove.code).toBe(0);
    expect(remove.stderr).toContain('deleteUser: done (HTTP 204)');
    expect(gone.code).toBe(0);
    expect(gone.stderr).toContain('deleteUser: done (HTTP 404, the account was already absent)');
    expect(target.server.requests.map((request) => `${request.method} ${request.url}`).sort()).toEqual([
      'DELETE /users/nobody',
      'DELETE /users/u3',
      'POST /users/u1/activate',
      'POST /users/u2/deactivate',
    ]);
  });

  it('runs a custom action with --vars and prints its result', async () => {
    const result = await cli(['run', SPEC, 'orderLaptop', '--vars', 'test/fixtures/operator/vars.json', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(target.server.requests[0]?.body ?? '')).toEqual({ model: 'X1 Carbon', quantity: 2 });
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 201 });
  });
});

describe('connector run, bad usage and bad input', () => {
  it('exit 2 with the usage line for a missing input and for a secret passed as an option, never echoing it', async () => {
    const [missing, secret] = await Promise.all([cli(['run', SPEC, 'importUsers'], {}), cli(['run', SPEC, 'importUsers', `--token=${CANARY_TOKEN}`])]);
    for (const result of [missing, secret]) {
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('\nUsage: connector run <connector> <action>');
    }
    expect(missing.stderr).toContain(
      'error: missing required input: token\n  token (API token): set CONNECTOR_INPUT_TOKEN or put "token" in the --inputs file\n',
    );
    expect(secret.stderr).toContain('error: --token refused: secrets are not accepted on the command line: the value would stay in your shell history');
    expect(target.server.requests).toEqual([]);
  });

  it('exit 2 for a secret --input, a missing --person, an unknown action or option, a bad --inputs file (in process)', async () => {
    const env = { CONNECTOR_INPUT_TOKEN: CANARY_TOKEN, CONNECTOR_INPUT_BASE_URL: target.server.origin };
    const cases: { given: string[]; want: string }[] = [
      { given: ['--input', `token=${CANARY_TOKEN}`], want: 'error: --input token=... refused: secrets are not accepted on the command line' },
      {
        given: ['--inputs', 'test/fixtures/operator/not-json.json'],
        want: 'error: test/fixtures/operator/not-json.json:3:1: not valid JSON: expected double-quoted property name (--inputs expects a JSON file)',
      },
      { given: ['--jsn'], want: 'error: unknown option --jsn' },
      { given: ['--json', '--ndjson'], want: 'error: --json and --ndjson exclude each other' },
      { given: ['--account', 'u1'], want: 'error: --account does not apply to importUsers' },
      { given: ['--base-url', 'ftp://x'], want: 'error: --base-url must be an http:// or https:// URL, not ftp:' },
      { given: ['--base-url', `http://u:${CANARY_TOKEN}@127.0.0.1/`], want: 'error: --base-url must not carry credentials (user:password@)' },
    ];
    for (const { given, want } of cases) {
      const result = await runInProcess(['run', SPEC, 'importUsers', ...given], { env });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.startsWith(want)).toBe(true);
      expect(result.stderr).toContain('\nUsage: connector run <connector> <action>');
      expect(result.stderr).not.toContain(CANARY_TOKEN);
    }
    const noPerson = await runInProcess(['run', SPEC, 'createUser'], { env });
    expect([noPerson.code, noPerson.stderr.split('\n')[0]]).toEqual([2, 'error: createUser needs --person <file.json>']);
    const unknownAction = await runInProcess(['run', SPEC, 'suspendUser'], { env });
    expect([unknownAction.code, unknownAction.stderr.split('\n')[0]]).toEqual([
      2,
      'error: directory has no action "suspendUser"; its actions are: importUsers, createUser, activateUser, deactivateUser, deleteUser, orderLaptop',
    ]);
    expect(target.server.requests).toEqual([]);
  });

  it('exit 1 with file:line:column diagnostics for a broken spec, exit 2 for an unknown connector', async () => {
    const [broken, unknown] = await Promise.all([
      cli(['run', 'test/fixtures/operator/broken.yaml', 'importUsers']),
      cli(['run', 'no-such-connector', 'importUsers']),
    ]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('error: test/fixtures/operator/broken.yaml: the spec is invalid\n');
    expect(broken.stderr).toContain('test/fixtures/operator/broken.yaml:3:1  SPEC_MISSING_FIELD');
    expect(broken.stderr).toContain('test/fixtures/operator/broken.yaml:11:5  SPEC_MAPPING_MISSING');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /error: unknown connector "no-such-connector": shipped connectors are .*incident-platform.*; or give the path of a spec file/,
    );
  });

  it('--dry-run of an action of several requests shows every step (Okta: deactivate, then delete)', async () => {
    const result = await runInProcess(
      ['run', 'specs/prebuilt/okta.yaml', 'deleteUser', '--account', '00u1abc', '--base-url', 'https://acme.okta.example', '--dry-run'],
      {
        env: { CONNECTOR_INPUT_TOKEN: CANARY_TOKEN },
      },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('deleteUser: dry run, nothing sent\n');
    const headings = result.stdout.split('\n').filter((line) => line.startsWith('# step'));
    expect(headings).toEqual(['# step 1 of 2', '# step 2 of 2 (sent if its condition holds; rendered without the earlier answers)']);
    expect(result.stdout.match(/^> DELETE https:\/\/acme\.okta\.example\/api\/v1\/users\/00u1abc$/gm)).toHaveLength(2);
    expect(result.stdout).toContain('> authorization: ***');
    expect(result.stdout).not.toContain(CANARY_TOKEN);
  });

  it('--help documents the options and exit codes', async () => {
    const result = await cli(['run', '--help']);
    expect(result.code).toBe(0);
    for (const flag of [
      '--json',
      '--ndjson',
      '--person <file.json>',
      '--account <account>',
      '--vars <file.json>',
      '--dry-run',
      '--inputs <file.json>',
      '--base-url <url>',
    ]) {
      expect(result.stdout).toContain(flag);
    }
    expect(result.stdout).toContain('Exit codes: 0 ok, 1 the action failed');
  });
});
