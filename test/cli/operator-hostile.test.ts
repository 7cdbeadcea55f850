/**
 * The operator commands against hostile input, in process against a fake target on 127.0.0.1:
 * names that carry terminal escapes, a target that echoes the Authorization header, an HTML page
 * on 200, base URLs the runtime would silently cut, and operator slips (a directory as spec, a
 * token pasted as an argument). Every run is checked for the canary token in stdout and stderr.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../src/simulators/serve-handlers.js';
import { stringifyJson } from '../../src/cli/format-json.js';
import { sanitizeText } from '../../src/cli/format-table.js';
import { CANARY_TOKEN, directoryHandlers, seedDirectory, type DirectoryUser } from '../fixtures/operator/directory-target.js';
import { REPO, runInProcess, type CliResult } from '../fixtures/operator/run-cli.js';

const SPEC = 'test/fixtures/operator/directory.yaml';
/** An OSC title change, a 7-bit and an 8-bit CSI, a bidi override and a line separator. */
const EVIL_NAME = 'Eve \u001b]0;pwned\u0007\u001b[2J\u009b31m\u202eevil\u2028x';
// Everything a terminal acts on: C0 (but \n), DEL, C1, line separators, bidi controls.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
let server: HandlerServer;
let users: DirectoryUser[];

async function cli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const result = await runInProcess(args, { env: { CONNECTOR_INPUT_TOKEN: CANARY_TOKEN, CONNECTOR_INPUT_BASE_URL: server.origin, ...env } });
  expect(`${result.stdout}${result.stderr}`).not.toContain(CANARY_TOKEN);
  return result;
}

beforeAll(async () => {
  users = seedDirectory();
  server = await serveHandlers(...directoryHandlers(users));
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  users.splice(0, users.length, ...seedDirectory());
});

describe('terminal escapes in target data', () => {
  it('stringifyJson escapes what JSON.stringify leaves raw, and parses back to the same value', () => {
    const text = stringifyJson({ name: EVIL_NAME });
    expect(text).not.toMatch(UNSAFE);
    expect(text).toContain('\\u009b31m\\u202eevil\\u2028x');
    expect(JSON.parse(text)).toEqual({ name: EVIL_NAME });
  });

  it('sanitizeText drops bidi overrides, which would reverse the rest of a table row on screen', () => {
    expect(sanitizeText('a\u202eb\u2066c\u2028d')).toBe('abc⏎d');
  });

  it('never lets a name drive the terminal: table, --json, --ndjson, test, preview --json', async () => {
    users[0] = { id: 'u1', email: 'eve@example.com', name: EVIL_NAME, role: 'admin' };
    const outputs = await Promise.all([
      cli(['run', SPEC, 'importUsers']),
      cli(['run', SPEC, 'importUsers', '--json']),
      cli(['run', SPEC, 'importUsers', '--ndjson']),
      cli(['test', SPEC, 'importUsers']),
      cli(['test', SPEC, 'importUsers', '--json']),
      cli(['preview', SPEC, '--json']),
    ]);
    for (const { code, stdout, stderr } of outputs) {
      expect(code).toBe(0);
      expect(stdout).not.toMatch(UNSAFE);
      expect(stderr).not.toMatch(UNSAFE);
    }
    const [, json, ndjson] = outputs;
    expect((JSON.parse(json.stdout) as { name: string }[])[0]?.name).toBe(EVIL_NAME);
    expect((JSON.parse(ndjson.stdout.split('\n')[0] ?? '') as { name: string }).name).toBe(EVIL_NAME);
  });

  it('generate sanitises the report and escapes --json (names from the response are shown)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'operator-hostile-'));
    const file = join(dir, 'users.json');
    const records = [1, 2, 3].map((n) => ({
      id: `u${n}`,
      email: `u${n}@example.com`,
      name: n === 1 ? EVIL_NAME : `User ${n}`,
      role: n === 1 ? 'x\ry' : 'admin',
    }));
    await writeFile(file, JSON.stringify({ users: records }));
    const [text, json] = await Promise.all([cli(['generate', '--response', file]), cli(['generate', '--response', file, '--json'])]);
    expect([text.code, json.code]).toEqual([0, 0]);
    expect(text.stdout).toContain('records: .users');
    expect(text.stdout).not.toMatch(UNSAFE);
    expect(json.stdout).not.toMatch(UNSAFE);
    expect((JSON.parse(json.stdout) as { ok: boolean }).ok).toBe(true);
  });
});

describe('a terminal', () => {
  it('run and preview fit their tables to the terminal width (the redacting writer passes it on)', async () => {
    users[0] = { id: 'u1', email: `${'a'.repeat(60)}@example.com`, name: 'N'.repeat(60), role: 'admin' };
    const { main } = await import('../../src/cli/main.js');
    for (const command of [
      ['run', SPEC, 'importUsers'],
      ['preview', SPEC],
    ]) {
      let stdout = '';
      const code = await main(command, {
        stdout: Object.assign({ write: (text: string) => (stdout += text) }, { isTTY: true, columns: 50 }),
        stderr: { write: () => true, isTTY: false },
        stdin: process.stdin,
        env: { NO_COLOR: '1', CONNECTOR_INPUT_TOKEN: CANARY_TOKEN, CONNECTOR_INPUT_BASE_URL: server.origin },
        cwd: REPO,
      });
      expect(code).toBe(0);
      expect(stdout).toContain('…');
      expect(stdout.split('\n').map((line) => line.length)).toSatisfy((lengths: number[]) => lengths.every((length) => length <= 50));
    }
  });

  it('--ndjson on the terminal of the progress line starts every account on its own line', async () => {
    const { main } = await import('../../src/cli/main.js');
    let terminal = '';
    const write = (text: string): boolean => {
      terminal += text;
      return true;
    };
    const code = await main(['run', SPEC, 'importUsers', '--ndjson'], {
      stdout: { write, isTTY: true },
      stderr: { write, isTTY: true },
      stdin: process.stdin,
      env: { NO_COLOR: '1', CONNECTOR_INPUT_TOKEN: CANARY_TOKEN, CONNECTOR_INPUT_BASE_URL: server.origin },
      cwd: REPO,
    });
    expect(code).toBe(0);
    expect(terminal).toContain('\r\u001b[2KimportUsers: 1 page, 2 accounts');
    // Each account follows a line break or an erased line, never the progress text.
    expect(terminal.match(/(^|\n|\r\u001b\[2K)\{"id"/g)).toHaveLength(3);
  });

  it('generate --response - on a terminal says it is reading standard input (else it seems to hang)', async () => {
    const { main } = await import('../../src/cli/main.js');
    const stdin = Object.assign(Readable.from([JSON.stringify({ users: [{ id: 'u1', email: 'ann@example.com', name: 'Ann Lee' }] })]), { isTTY: true });
    let stderr = '';
    const code = await main(['generate', '--response', '-'], {
      stdout: { write: () => true, isTTY: false },
      stderr: { write: (text: string) => (stderr += text), isTTY: true },
      stdin,
      env: { NO_COLOR: '1' },
      cwd: REPO,
    });
    expect([code, stderr]).toEqual([0, 'connector generate: reading the response from standard input (end with Ctrl-D)\n']);
  });
});

describe('a target that misbehaves', () => {
  it('redacts the Authorization header a target echoes back, in test, --json, --verbose and the error block', async () => {
    const outputs = await Promise.all([
      cli(['test', SPEC, 'importUsers'], { CONNECTOR_INPUT_TOKEN: `${CANARY_TOKEN}-wrong` }),
      cli(['test', SPEC, 'importUsers', '--json', '--verbose'], { CONNECTOR_INPUT_TOKEN: `${CANARY_TOKEN}-wrong` }),
      cli(['run', SPEC, 'importUsers', '--verbose'], { CONNECTOR_INPUT_TOKEN: `${CANARY_TOKEN}-wrong` }),
    ]);
    for (const { code, stdout, stderr } of outputs) {
      expect(code).toBe(1);
      expect(`${stdout}${stderr}`).toContain('invalid token: ***');
    }
  });

  it('preview of an HTML page on 200 says the answer is not JSON (not that the records path is wrong)', async () => {
    server.use(http.get('*/users', () => new HttpResponse('<html>Sign in</html>', { headers: { 'content-type': 'text/html' } })));
    const result = await cli(['preview', SPEC]);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')[0]).toBe('error BAD_RESPONSE: importUsers: the response is not JSON (text/html)');
    expect(result.stderr).not.toContain('records path');
  });
});

describe('a target that never answers', () => {
  it('--timeout bounds each request; the TIMEOUT block says which option raises it; a bad value is usage', async () => {
    server.use(http.get('*/users', () => new HttpResponse(null, { headers: { 'x-simulate-hang': '1' } })));
    const [hung, bad] = await Promise.all([cli(['run', SPEC, 'importUsers', '--timeout', '0.2']), cli(['test', SPEC, 'importUsers', '--timeout', '0'])]);
    expect(hung.code).toBe(1);
    expect(hung.stderr.split('\n')[0]).toMatch(/^error TIMEOUT: importUsers: GET http:\/\/127\.0\.0\.1:\d+\/users\?team=staff&page=1&per_page=2 timed out/);
    expect(hung.stderr).toContain('Commands take --timeout <seconds> (default 30 per request).');
    expect([bad.code, bad.stderr.split('\n')[0]]).toEqual([2, 'error: --timeout must be a number of seconds between 0 and 3600, got "0"']);
  }, 30_000);
});

describe('operator slips', () => {
  it('refuses a base URL with a query or fragment (the runtime would drop it silently), naming where it came from', async () => {
    const flag = await cli(['test', SPEC, 'importUsers', '--base-url', `${server.origin}/v2?api_key=${CANARY_TOKEN}`]);
    const input = await cli(['run', SPEC, 'importUsers'], { CONNECTOR_INPUT_BASE_URL: `${server.origin}/#top` });
    expect([flag.code, flag.stderr.split('\n')[0]]).toEqual([
      2,
      "error: --base-url must not have a query (?...) or fragment (#...): only the scheme, host and base path are used; query parameters belong in the spec's `query`",
    ]);
    expect([input.code, input.stderr.split('\n')[0]]).toContain(2);
    expect(input.stderr).toMatch(/^error: the baseUrl input must not have a query/);
    expect(server.requests).toHaveLength(0);
  });

  it('never echoes a token pasted as a stray argument (usage errors come before the connector is known)', async () => {
    const result = await cli(['run', SPEC, 'importUsers', CANARY_TOKEN]);
    expect([result.code, result.stderr.split('\n')[0]]).toEqual([2, 'error: unexpected argument "***"']);
  });

  it('test of a write action without --live suggests a dry run that works: with --person, not without', async () => {
    const result = await cli(['test', SPEC, 'createUser']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`\`connector run ${SPEC} createUser --person <file.json> --dry-run\``);
  });

  it("generate --limit -1 explains, with Node's whole message, how to give a value that starts with a dash", async () => {
    const result = await cli(['generate', '--response', 'test/fixtures/operator/response-clean.json', '--limit', '-1']);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toMatch(/^connector generate: Option '--limit' argument is ambiguous\. .*'--limit=-XYZ'/);
  });

  it('preview --payload createUser with neither --person nor --actor-email is usage (it rendered an empty person)', async () => {
    const result = await cli(['preview', SPEC, '--payload', 'createUser']);
    expect([result.code, result.stderr.split('\n')[0]]).toEqual([
      2,
      'error: createUser needs --person <file.json>, or --actor-email <email> (and --actor-name) to render it for the operator',
    ]);
  });

  it('a directory given as the spec is bad usage (exit 2), not an invalid spec', async () => {
    const result = await cli(['preview', 'specs', '--response', 'test/fixtures/operator/response-clean.json']);
    expect([result.code, result.stderr.split('\n')[0]]).toEqual([
      2,
      'error: specs is a directory; give a connector id (see `connector list`) or the path of a spec file (.yaml)',
    ]);
  });

  it('an unknown connector lists the shipped ids, not their file names', async () => {
    const result = await cli(['run', 'no-such-connector', 'importUsers']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/scim-2-0, scim-2-0-oauth[,;]/u);
    expect(result.stderr).not.toContain('scim-2.0');
  });
});
