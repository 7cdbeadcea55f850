/**
 * The package as a host gets it: `npm run build` (unless dist/ is already the build of these
 * sources, scripts/build-inputs.mjs), `npm pack`, the tarball installed into an empty
 * directory with `--omit=dev` (no tsx, no TypeScript, no test tooling), then a plain `.mjs` host
 * program and the installed `connector` bin, against the incident platform simulator on 127.0.0.1.
 *
 * npm reads its local cache first (`--prefer-offline`, the tarballs `npm ci` stored) and asks only
 * the npm registry for what is missing (package metadata on a fresh machine); nothing else is
 * contacted. Built and installed once for the whole file.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../src/simulators/incident-platform/index.js';
import { distIsCurrent } from '../../scripts/build-inputs.mjs';
import { runCli as runSourceCli } from '../compiler/run-cli.js';

import { BYO_SPEC } from '../service/integrations/byo-specs.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const exec = promisify(execFile);
const USERS = 12;

/** npm, quietly, and never interactive. */
const NPM_ENV = { ...process.env, npm_config_update_notifier: 'false', npm_config_loglevel: 'error' };

let work: string;
let host: string;
let installed: string;
let simulator: IncidentPlatformSimulator;

async function run(file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(file, args, { cwd: options.cwd, env: options.env ?? process.env, maxBuffer: 32 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** The installed bin as npm linked it, started the way a shell would (its `#!/usr/bin/env node`). */
function connector(args: string[], env: NodeJS.ProcessEnv = {}): ReturnType<typeof run> {
  return run(join(host, 'node_modules/.bin/connector'), args, { cwd: host, env: { ...process.env, NO_COLOR: '1', ...env } });
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'lc-pack-'));
  // dist/ as `npm run build` makes it. When it already holds the build of these very sources (its
  // recorded input digest matches, as after .ci/run's own build step), it is packed as it is
  // instead of being built a second time.
  if (!distIsCurrent(REPO)) {
    const build = await run('npm', ['run', '--silent', 'build'], { cwd: REPO, env: NPM_ENV });
    expect(build.stderr.replace(/^npm warn .*\n/gm, '')).toBe('');
    expect(build.code).toBe(0);
    expect(distIsCurrent(REPO)).toBe(true);
  }

  // .npmrc's ignore-scripts applies here too, so the build above is the one that is packed.
  const pack = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: REPO, env: NPM_ENV });
  expect(pack.code).toBe(0);
  const [packed] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
  const tarball = join(work, packed!.filename);
  await writeFile(join(work, 'packed-files.json'), JSON.stringify(packed!.files.map((f) => f.path)));

  host = join(work, 'host');
  await mkdir(host);
  await writeFile(join(host, 'package.json'), JSON.stringify({ name: 'host', private: true, type: 'module' }));
  // A consumer's plain install: install scripts allowed (explicitly, whatever the user's npmrc
  // says), and none runs or downloads anything; this package has none (asserted below), nor does
  // any of its production dependencies (the jq binary fallback needs no install step).
  const install = await run(
    'npm',
    ['install', tarball, '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts=false', '--foreground-scripts'],
    { cwd: host, env: NPM_ENV },
  );
  expect(install.stderr.replace(/^npm warn .*\n/gm, '')).toBe('');
  expect(install.code).toBe(0);
  // --foreground-scripts prints `> name@version postinstall` for any script that runs: none does.
  expect(install.stdout).not.toMatch(/^> /mu);
  installed = join(host, 'node_modules/lifecycle-connectors');

  simulator = await startIncidentPlatform({ users: seedUsers({ count: USERS }) });
}, 300_000);

afterAll(async () => {
  await simulator?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the packed tarball', () => {
  it('holds the build, the schema, the specs and the README, and no sources or tests', async () => {
    const files = JSON.parse(await readFile(join(work, 'packed-files.json'), 'utf8')) as string[];
    for (const file of [
      'package.json',
      'README.md',
      'schema/connector-spec.schema.json',
      'specs/prebuilt/incident-platform.yaml',
      'scripts/connector.mjs',
      'dist/cli/connector.js',
      'dist/src/index.js',
      'dist/src/index.d.ts',
      'dist/src/index.js.map',
      'dist/src/compiler/schema-validators.checking.cjs',
      'dist/generated/incident-platform.js',
      'dist/generated/incident-platform.d.ts',
    ]) {
      expect(files).toContain(file);
    }
    expect(files.filter((file) => /^(src|test|generated)\//.test(file) || (file.endsWith('.ts') && !file.endsWith('.d.ts')))).toEqual([]);
    // Of scripts/, only the bin: the build script is a development tool.
    expect(files.filter((file) => file.startsWith('scripts/'))).toEqual(['scripts/connector.mjs']);
  });

  it('installs without development tools and declares no install script of its own', async () => {
    const modules = await readdir(join(host, 'node_modules'));
    for (const dev of ['tsx', 'typescript', 'vitest', 'esbuild', 'msw']) expect(modules).not.toContain(dev);
    const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
    for (const hook of ['preinstall', 'install', 'postinstall']) expect(manifest.scripts?.[hook]).toBeUndefined();
  });
});

describe('a plain Node host program', () => {
  it('connects the shipped connector, imports, creates and deletes users on the simulator', async () => {
    await writeFile(
      join(host, 'host.mjs'),
      `import { ALLOW_LOOPBACK, connect, isConnectorError } from 'lifecycle-connectors';
import { incidentPlatformConnector } from 'lifecycle-connectors/connectors/incident-platform';

// The simulator listens on loopback, which connect() refuses unless the host allows it.
const client = connect(incidentPlatformConnector, { token: process.env.TOKEN }, { baseUrl: process.env.BASE_URL, egress: ALLOW_LOOPBACK, actor: { email: 'host@example.com', name: 'Host' } });
try {
  const accounts = await client.importUsers().collect();
  const created = await client.createUser({ email: 'nia.park@example.com', name: 'Nia Park', firstName: 'Nia', lastName: 'Park', admin: false });
  const leaver = accounts.find((account) => account.email !== '' && account.role === 'user');
  const deleted = await client.deleteUser(leaver);
  const again = await client.deleteUser(leaver);
  const after = await client.importUsers().collect();
  console.log(JSON.stringify({ imported: accounts.length, created: created.status, deleted: deleted.status, againAbsent: again.alreadyAbsent === true, after: after.length, isError: typeof isConnectorError }));
} finally {
  await client.close();
}
`,
    );
    const result = await run(process.execPath, ['host.mjs'], {
      cwd: host,
      env: { ...process.env, TOKEN: DEMO_FULL_ACCESS_KEY, BASE_URL: simulator.server.origin },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ imported: USERS, created: 201, deleted: 204, againAbsent: true, after: USERS, isError: 'function' });
  });

  it('reaches every shipped connector, by id and by spec file name, and the compiler', async () => {
    const ids = Object.keys(((await import('../../generated/index.js')) as { connectors: Record<string, unknown> }).connectors);
    const specNames = (await readdir(join(REPO, 'specs'), { recursive: true }))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => f.replace(/^.*\//, '').replace(/\.yaml$/, ''));
    await writeFile(
      join(host, 'subpaths.mjs'),
      `import { connectors } from 'lifecycle-connectors/connectors';
import { validateSpecText } from 'lifecycle-connectors/compiler';
import { readFile } from 'node:fs/promises';

const names = JSON.parse(process.argv[2]);
const ids = {};
for (const name of names) {
  const module = await import('lifecycle-connectors/connectors/' + name);
  ids[name] = Object.values(module).find((value) => value && value.spec)?.spec.id;
}
const spec = await readFile(new URL(import.meta.resolve('lifecycle-connectors/package.json').replace('package.json', 'specs/prebuilt/incident-platform.yaml')), 'utf8');
const broken = spec.replace('baseUrl:', 'baseUrll:');
const valid = await validateSpecText({ text: spec, file: 'incident-platform.yaml' });
const invalid = await validateSpecText({ text: broken, file: 'incident-platform.yaml' });
console.log(JSON.stringify({ all: Object.keys(connectors), ids, valid: valid.diagnostics.filter((d) => d.severity === 'error').length, invalid: invalid.diagnostics.map((d) => d.code) }));
`,
    );
    const result = await run(process.execPath, ['subpaths.mjs', JSON.stringify([...ids, ...specNames])], { cwd: host });
    expect(result.stderr).toBe('');
    const out = JSON.parse(result.stdout) as { all: string[]; ids: Record<string, string>; valid: number; invalid: string[] };
    expect(out.all).toEqual(ids);
    for (const id of ids) expect(out.ids[id]).toBe(id);
    for (const name of specNames) expect(ids).toContain(out.ids[name]);
    expect(out.valid).toBe(0);
    expect(out.invalid).toContain('SPEC_UNKNOWN_KEY');
  });

  it('type-checks a TypeScript host against the declarations the exports name', async () => {
    await writeFile(
      join(host, 'typed.mts'),
      `import { connect, type Account } from 'lifecycle-connectors';
import { incidentPlatformConnector } from 'lifecycle-connectors/connectors/incident-platform';
import { compileSpecText } from 'lifecycle-connectors/compiler';

const client = connect(incidentPlatformConnector, { token: 'key' });
export const accounts: Promise<Account[]> = client.importUsers().collect();
export const compiled = compileSpecText({ text: '', file: 'x.yaml' });
// @ts-expect-error the incident platform has no activateUser
client.activateUser;
`,
    );
    const tsc = join(REPO, 'node_modules/typescript/bin/tsc');
    const result = await run(
      process.execPath,
      [
        tsc,
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--target',
        'es2022',
        '--typeRoots',
        join(REPO, 'node_modules/@types'),
        '--types',
        'node',
        'typed.mts',
      ],
      { cwd: host },
    );
    expect(result.stdout).toBe('');
    expect(result.code).toBe(0);
    // tsc loads the whole declaration tree: 11 s alone, 14 s at a load of 17, over 20 s beside other test files.
  }, 90_000);
});

describe('the installed connector bin', () => {
  it('prints its help and validates a shipped spec without a TypeScript loader', async () => {
    const help = await connector(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: connector <command>/);
    expect(help.stdout).toContain('  validate ');

    const validate = await connector(['validate', join(installed, 'specs/prebuilt/incident-platform.yaml')]);
    expect(validate.stderr).toBe('');
    expect(validate.stdout).toBe('1 spec file checked: all valid\n');
    expect(validate.code).toBe(0);
  });

  it('reports broken specs exactly as the CLI from source does (standalone schema validators)', async () => {
    const fixtures = join(REPO, 'test/fixtures/invalid-specs');
    const built = await connector(['validate', '--format', 'json', fixtures]);
    const source = await runSourceCli(['validate', '--format', 'json', fixtures], { cwd: host });
    expect(built.code).toBe(1);
    expect(source.code).toBe(1);
    expect(JSON.parse(built.stdout)).toEqual(JSON.parse(source.stdout));
  });

  it('runs an import of a shipped connector and writes clean JSON', async () => {
    const result = await connector(['run', 'incident-platform', 'importUsers', '--base-url', simulator.server.origin, '--json'], {
      CONNECTOR_INPUT_TOKEN: DEMO_FULL_ACCESS_KEY,
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toHaveLength(USERS);
  });

  it("runs a build-your-own spec's import with its jq isolated in the bundled worker thread", async () => {
    const spec = join(host, 'byo.yaml');
    await writeFile(spec, BYO_SPEC);
    const result = await connector(['run', spec, 'importUsers', '--base-url', simulator.server.origin, '--json'], {
      CONNECTOR_INPUT_TOKEN: DEMO_FULL_ACCESS_KEY,
    });
    expect(result.stderr).not.toContain('jq worker');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toHaveLength(USERS);
  });

  it('starts the service on its embedded database (migrations and PGlite files found from the bundle)', async () => {
    const child = spawn(join(host, 'node_modules/.bin/connector'), ['service', 'start', '--data-dir', join(work, 'service-data'), '--port', '0'], {
      cwd: host,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const listening = /service listening on (http:\/\/127\.0\.0\.1:\d+)/u;
    try {
      // Listening, or the exit of a service that could not start (then its output says why). A fresh
      // store on purpose (the bundle's migrations are what is tested): all of them applied, which
      // under a loaded machine took over a minute, hence the bound.
      await Promise.race([
        expect.poll(() => output, { timeout: 150_000, interval: 100 }).toMatch(listening),
        exited.then((code) => expect({ code, output }).toBeUndefined()),
      ]);
      const origin = listening.exec(output)![1]!;
      expect((await fetch(`${origin}/openapi.json`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 180_000);
});
