/**
 * Every command of README.md and docs/ that writes a connector's JSON output to a file, run as written (through
 * bash, with `$URL` pointing at the incident platform simulator): the file must hold JSON and
 * nothing else. `npm run` prints a banner on stdout unless `--silent`, which would end up in it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../src/simulators/incident-platform/index.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const exec = promisify(execFile);

/** Shell lines of the sh blocks of README.md and docs/ that run `connector` with stdout redirected to a .json file. */
async function jsonWritingCommands(): Promise<{ command: string; file: string }[]> {
  const pages = [
    'README.md',
    ...(await readdir(join(REPO, 'docs'), { recursive: true })).filter((file) => file.endsWith('.md')).map((file) => join('docs', file)),
  ];
  const texts = await Promise.all(pages.map((page) => readFile(join(REPO, page), 'utf8')));
  const blocks = texts.flatMap((text) => [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!));
  return blocks
    .flatMap((block) => block.split('\n'))
    .map((line) => /^(?!#)(.*connector.*?)\s>\s*(\S+\.json)\b/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ command: match[1]!, file: match[2]! }));
}

let simulator: IncidentPlatformSimulator;
let out: string;

beforeAll(async () => {
  simulator = await startIncidentPlatform({ users: seedUsers({ count: 5 }) });
  out = await mkdtemp(join(tmpdir(), 'lc-readme-'));
});

afterAll(async () => {
  await simulator?.close();
  if (out) await rm(out, { recursive: true, force: true });
});

describe('README and docs commands that write JSON to a file', () => {
  it('are there to check', async () => {
    expect((await jsonWritingCommands()).length).toBeGreaterThan(0);
  });

  it('write clean JSON', async () => {
    for (const { command, file } of await jsonWritingCommands()) {
      const target = join(out, file);
      const env = { ...process.env, URL: simulator.server.origin, CONNECTOR_INPUT_TOKEN: DEMO_FULL_ACCESS_KEY, npm_config_update_notifier: 'false' };
      await exec('bash', ['-c', `${command} > "$TARGET"`], { cwd: REPO, env: { ...env, TARGET: target } });
      const text = await readFile(target, 'utf8');
      expect(() => JSON.parse(text), `${command}\n${text.slice(0, 200)}`).not.toThrow();
    }
  });
});
