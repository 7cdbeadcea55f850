/** `connector new` scaffolds specs that validate; `connector list` shows connectors with their actions. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../compiler/run-cli.js';

// Each case starts the CLI as a subprocess; on a shared 2-core machine that can take seconds.
vi.setConfig({ testTimeout: 90_000 });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'new-cli-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('connector new', () => {
  it.each(['prebuilt', 'scim', 'custom'])('scaffolds a %s spec that validates', async (type) => {
    const file = join(dir, `acme-${type}.yaml`);
    const created = await runCli(['new', `acme-${type}`, '--type', type, '--out', file]);
    expect(created.code).toBe(0);
    expect(await readFile(file, 'utf8')).toMatch(/^# yaml-language-server: \$schema=.*schema\/connector-spec\.schema\.json\n/u);
    const validated = await runCli(['validate', file]);
    expect(validated.stdout).toBe('1 spec file checked: all valid\n');
    expect(validated.code).toBe(0);
  });

  it('writes to specs/<type>/<id>.yaml by default, or to stdout with --out -', async () => {
    const created = await runCli(['new', 'acme-scim', '--type', 'scim'], { cwd: dir });
    expect(created.code).toBe(0);
    const text = await readFile(join(dir, 'specs', 'scim', 'acme-scim.yaml'), 'utf8');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../../schema/connector-spec.schema.json');
    const printed = await runCli(['new', 'acme-scim', '--type', 'scim', '--out', '-'], { cwd: dir });
    expect(printed.stdout.split('\n').slice(1)).toEqual(text.split('\n').slice(1));
  });

  it('refuses to overwrite a file', async () => {
    const file = join(dir, 'acme.yaml');
    await runCli(['new', 'acme', '--type', 'custom', '--out', file]);
    const again = await runCli(['new', 'acme', '--type', 'custom', '--out', file]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
  });

  it.each([
    { given: ['new', 'Acme_HR', '--type', 'custom'], says: "id 'Acme_HR' must be kebab-case" },
    { given: ['new', 'acme'], says: 'missing --type' },
    { given: ['new', 'acme', '--type', 'ldap'], says: '--type must be one of prebuilt, scim, custom' },
    { given: ['new'], says: 'missing <id>' },
  ])('exits 2 on $given', async ({ given, says }) => {
    const result = await runCli(given);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(says);
  });
});

describe('connector list', () => {
  it('lists connectors with type and supported actions', async () => {
    const result = await runCli(['list', '--specs', 'test/fixtures/valid-specs']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')).toEqual([
      'ID             TYPE      ACTIONS',
      'incident-like  prebuilt  importUsers, createUser, deleteUser',
      'simple-custom  custom    importUsers',
      '',
    ]);
  });

  it('prints JSON with --format json', async () => {
    const result = await runCli(['list', '--specs', 'test/fixtures/valid-specs', '--format', 'json']);
    const report = JSON.parse(result.stdout) as { connectors: { id: string; actions: string[] }[] };
    expect(report.connectors.map((c) => c.id)).toEqual(['incident-like', 'simple-custom']);
  });

  it('has --help', async () => {
    expect((await runCli(['list', '--help'])).stdout).toContain('Usage: connector list');
  });
});
