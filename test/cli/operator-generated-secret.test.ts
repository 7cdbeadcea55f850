/**
 * `connector run entra-id createUser`: the one-time password the action generates is sent to the
 * target, and the command names it without printing it (stdout, stderr, --json and --verbose).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRA_WRITER_APP, startEntraId, type EntraSimulator } from '../../src/simulators/entra-id/index.js';
import { runInProcess } from '../fixtures/operator/run-cli.js';

let entra: EntraSimulator;
let dir: string;
beforeAll(async () => {
  entra = await startEntraId();
  dir = await mkdtemp(join(tmpdir(), 'generated-secret-'));
});
afterAll(async () => {
  await entra.close();
  await rm(dir, { recursive: true, force: true });
});

describe('connector run entra-id createUser', () => {
  it.each([[[]], [['--json']], [['--verbose']]])('sends a generated password and never prints it (%j)', async (flags) => {
    entra.server.reset();
    const person = join(dir, `p${flags.length}${flags[0] ?? ''}.json`);
    const email = `ann.lee${flags[0]?.replace(/-/gu, '') ?? ''}@mail.example`;
    await writeFile(person, JSON.stringify({ email, name: 'Ann Lee' }));
    const env = {
      CONNECTOR_INPUT_CLIENT_ID: ENTRA_WRITER_APP.clientId,
      CONNECTOR_INPUT_CLIENT_SECRET: ENTRA_WRITER_APP.clientSecret,
      CONNECTOR_INPUT_TOKEN_URL: entra.tokenUrl,
      CONNECTOR_INPUT_UPN_DOMAIN: 'acme.test',
    };
    const result = await runInProcess(['run', 'entra-id', 'createUser', '--person', person, '--base-url', entra.graphUrl, ...flags], { env });
    expect(result.code).toBe(0);
    const sent = entra.server.requests.find((request) => request.method === 'POST' && request.url === '/v1.0/users');
    const password = String((JSON.parse(sent?.body ?? '{}') as { passwordProfile?: { password?: string } }).passwordProfile?.password);
    expect(password).toHaveLength(20);
    expect(`${result.stdout}${result.stderr}`).not.toContain(password);
    if (flags[0] === '--json') expect(JSON.parse(result.stdout)).toMatchObject({ status: 201, secrets: ['password'] });
    else expect(result.stderr).toContain('createUser: generated and sent password (not shown');
  });
});
