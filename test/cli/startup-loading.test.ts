/**
 * Start-up loads only what a command needs (the timing itself is in `npm run bench -- startup`):
 * `connector --help` loads no command and none of the heavy packages; `validate` needs the YAML
 * parser, the template engine and ajv's runtime but never the HTTP client.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const RECORDER = fileURLToPath(new URL('../fixtures/startup/record-packages.mjs', import.meta.url));
const exec = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lc-startup-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Runs the CLI from source and returns the packages it loaded. */
async function packagesLoadedBy(args: string[]): Promise<string[]> {
  const record = join(dir, `${args[0]}.json`);
  await exec(process.execPath, ['--import', 'tsx', '--import', RECORDER, 'src/cli/main.ts', ...args], {
    cwd: REPO,
    env: { ...process.env, RECORD_PACKAGES: record },
  });
  return JSON.parse(await readFile(record, 'utf8')) as string[];
}

const HEAVY = ['ajv', 'handlebars', 'undici', 'yaml', 'fastify', 'pg'];

describe('connector start-up', () => {
  it('--help loads none of ajv, handlebars, undici, yaml, fastify, pg', async () => {
    const loaded = await packagesLoadedBy(['--help']);
    expect(loaded.filter((name) => HEAVY.includes(name))).toEqual([]);
  });

  it('validate loads the YAML parser but not the HTTP client', async () => {
    const loaded = await packagesLoadedBy(['validate', 'specs/prebuilt/incident-platform.yaml']);
    expect(loaded).toContain('yaml');
    expect(loaded).not.toContain('undici');
  });
});
