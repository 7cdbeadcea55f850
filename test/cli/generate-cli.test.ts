/**
 * `connector generate` as a subprocess: human output, --json, --write into a copy of a spec with
 * comments, reading stdin, and the exit codes 1 (no user array, bad JSON, unwritable spec) and 2 (usage).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { cliEntry } from '../setup/cli-bundle.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const FIXTURES = 'test/fixtures/saas-responses';
const work = mkdtempSync(join(tmpdir(), 'generate-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

async function runGenerate(args: string[], stdin?: string): Promise<Run> {
  const entry = await cliEntry();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, 'generate', ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

describe('connector generate', () => {
  it("proposes the pagination block a paged response calls for, with why (here Slack's next cursor)", async () => {
    const run = await runGenerate(['--response', `${FIXTURES}/slack-users-list.json`]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Pagination: the answer carries a next cursor at .response_metadata.next_cursor');
    expect(run.stdout).toContain('  pagination: {"type":"cursor","cursor":".response_metadata.next_cursor","param":"cursor"}\n');
    const json = await runGenerate(
      ['--response', '-', '--json'],
      JSON.stringify({ users: [{ id: 'u1', email: 'a@example.com', name: 'A' }], more: true, limit: 25, offset: 0 }),
    );
    expect(JSON.parse(json.stdout).pagination).toMatchObject({ pagination: { type: 'offset', limit: 25, more: '.more' }, signals: ['"more": true'] });
    const last = await runGenerate(['--response', '-', '--json'], JSON.stringify({ users: [{ id: 'u1', email: 'a@example.com', name: 'A' }], more: false }));
    expect(JSON.parse(last.stdout).pagination).toBeUndefined();
  });

  it('explains the records, the mapping and prints the YAML to paste', async () => {
    const run = await runGenerate(['--response', `${FIXTURES}/pagerduty-users.json`]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Records: the array at .users (1 object, email-shaped values in 1/1');
    expect(run.stdout).toContain('  admin: .role == "admin" or .role == "owner"\n    Admin: role key `role` (values seen: admin)');
    expect(run.stdout).toMatch(/ID\s+EMAIL\s+NAME\s+ADMIN\n\s+PXPGF42\s+125\.greenholt\.earline@graham\.name\s+Earline Greenholt\s+true\n/u);
    expect(run.stdout).toContain(
      'records: .users\nmapping:\n  id: .id // ""\n  email: .email // ""\n  name: .name // ""\n  admin: .role == "admin" or .role == "owner"\n',
    );
  });

  it('prints one JSON object with --json', async () => {
    const run = await runGenerate(['--response', `${FIXTURES}/microsoft-graph-users.json`, '--json', '--limit', '2']);
    expect(run.code).toBe(0);
    const output = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(output).toMatchObject({
      ok: true,
      records: { expression: '.value', count: 3 },
      mapping: { id: '.id // ""', email: '.mail // .userPrincipalName // ""', name: '.displayName // ""' },
      preview: [
        { index: 0, account: { id: '6e7b768e-07e2-4810-8459-485f84f8f204', email: 'Adams@contoso.com', name: 'Conf Room Adams' }, errors: [] },
        { index: 1, account: { id: '87d349ed-44d7-43e1-9a83-5f2406dee5bd', email: 'AdeleV@contoso.com', name: 'Adele Vance' }, errors: [] },
      ],
    });
    expect(output.yaml).toBe('records: .value\nmapping:\n  id: .id // ""\n  email: .mail // .userPrincipalName // ""\n  name: .displayName // ""\n');
    expect((output.fields as { field: string }[]).map((field) => field.field)).toEqual(['id', 'email', 'name']);
  });

  it('reads the response from standard input with --response -', async () => {
    const run = await runGenerate(['--response', '-', '--json'], JSON.stringify({ data: [{ gid: '1', name: 'Ann Lee', email: 'ann@x.com' }] }));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ records: { expression: '.data' }, mapping: { id: '.gid // ""' } });
  });

  it('uses the records path given with --records instead of searching', async () => {
    const response = {
      admins: [{ id: 'a1', email: 'root@x.com', name: 'Root' }],
      users: [
        { id: 'u1', email: 'ann@x.com', name: 'Ann Lee' },
        { id: 'u2', email: 'bob@x.com', name: 'Bob Ray' },
      ],
    };
    const searched = await runGenerate(['--response', '-', '--json'], JSON.stringify(response));
    expect(JSON.parse(searched.stdout).records.expression).toBe('.users');
    const given = await runGenerate(['--response', '-', '--json', '--records', '.admins'], JSON.stringify(response));
    expect(given.code).toBe(0);
    const output = JSON.parse(given.stdout);
    expect(output.records).toEqual({ expression: '.admins', count: 1, explanation: 'Records: given with --records (1 records).' });
    expect(output.preview[0].account).toEqual({ id: 'a1', email: 'root@x.com', name: 'Root' });
    const wrong = await runGenerate(['--response', '-', '--records', '.nope'], JSON.stringify(response));
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe('connector generate: records path .nope yields null, not an array\n');
  });

  it('writes into a copy of a spec and keeps its comments', async () => {
    const spec = join(work, 'custom-spec.yaml');
    copyFileSync(join(ROOT, 'test/generate/fixtures/custom-spec.yaml'), spec);
    const original = readFileSync(spec, 'utf8');
    const run = await runGenerate(['--response', `${FIXTURES}/zoom-users.json`, '--write', spec]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Wrote into ${spec}:\n  set actions.importUsers.records: .users (was .items)\n`);
    expect(run.stdout).toContain('  kept mapping team (not generated; check them against this response)\n');
    const written = readFileSync(spec, 'utf8');
    const doc = parseDocument(written);
    expect(doc.getIn(['actions', 'importUsers', 'mapping', 'name'])).toBe('[.first_name, .last_name | strings] | join(" ")');
    expect(doc.getIn(['actions', 'importUsers', 'mapping', 'active'])).toBe('.status == "active"');
    for (const line of original.split('\n').filter((text) => text.trimStart().startsWith('#'))) expect(written).toContain(line);
    expect(written).toContain('    path: /v2/people   # paginated by page number\n');
    expect(written).toContain('      id: .id // "" # stable id\n');
  });

  it('refuses to write into a spec without importUsers unless --path is given', async () => {
    const spec = join(work, 'no-import.yaml');
    writeFileSync(spec, '# mine\nid: x\nactions:\n  deleteUser:\n    method: DELETE\n    path: /u/{account.id}\n');
    const refused = await runGenerate(['--response', `${FIXTURES}/asana-workspace-users.json`, '--write', spec]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `connector generate: ${spec}: has no actions.importUsers; pass --path <endpoint> (the path that returned this response, e.g. /users) to create it\n`,
    );
    expect(readFileSync(spec, 'utf8')).toBe('# mine\nid: x\nactions:\n  deleteUser:\n    method: DELETE\n    path: /u/{account.id}\n');
    const created = await runGenerate([
      '--response',
      `${FIXTURES}/asana-workspace-users.json`,
      '--write',
      spec,
      '--path',
      '/workspaces/{inputs.workspace}/users',
      '--json',
    ]);
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout).written).toEqual({
      file: spec,
      changes: ['created actions.importUsers with path /workspaces/{inputs.workspace}/users, records and mapping'],
    });
    expect(parseDocument(readFileSync(spec, 'utf8')).getIn(['actions', 'importUsers', 'records'])).toBe('.data');
  });

  it('exits 1 and says what it saw when there is no user array', async () => {
    const file = join(work, 'no-users.json');
    writeFileSync(file, JSON.stringify({ ok: true, ids: ['a', 'b'] }));
    const run = await runGenerate(['--response', file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'connector generate: no array of user records found: the response is an object with keys ok, ids; arrays: .ids (items are not objects (string))\n' +
        'Give a response of the endpoint that lists users, or name the array with --records <jq>.\n',
    );
    const json = await runGenerate(['--response', file, '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      error: { code: 'NO_USER_ARRAY', seen: 'an object with keys ok, ids; arrays: .ids (items are not objects (string))' },
    });
  });

  it('exits 1 on a response that is not JSON, naming file:line:column', async () => {
    const file = join(work, 'broken.json');
    writeFileSync(file, '{\n  "users": [\n    {"id": 1,}\n  ]\n}\n');
    const run = await runGenerate(['--response', file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^connector generate: ${file}:3:14: not valid JSON: .+\\n$`, 'u'));
    expect(run.stderr).not.toMatch(/\n\s+at /u);
  });

  it.each([
    { name: 'no --response', args: [], message: '--response <file.json> is required' },
    { name: 'an unknown option', args: ['--response', 'x.json', '--frobnicate'], message: "Unknown option '--frobnicate'" },
    {
      name: '--path without --write',
      args: ['--response', `${FIXTURES}/okta-users.json`, '--path', '/users'],
      message: '--path only applies with --write <spec>',
    },
    {
      name: 'a bad --limit',
      args: ['--response', `${FIXTURES}/okta-users.json`, '--limit', '0'],
      message: "--limit must be a positive whole number (got '0')",
    },
    { name: 'a missing response file', args: ['--response', 'nope/missing.json'], message: 'cannot read --response nope/missing.json: no such file' },
  ])('exits 2 on $name', async ({ args, message }) => {
    const run = await runGenerate(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`connector generate: ${message}`);
    expect(run.stderr).toContain('Run `connector generate --help` for usage.');
  });

  it('prints its help with --help', async () => {
    const run = await runGenerate(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: connector generate --response <file.json> [options]');
    expect(run.stdout).toContain('--write <spec>');
  });
});
