/** --person, --account and --vars: read into the action's template variables, checked per action kind. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionVariables, checkVariableFlags, readPersonFile, readVarsFile } from '../../src/cli/action-subject.js';

describe('action variables', () => {
  async function dirWith(files: Record<string, string>): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'operator-vars-'));
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    return dir;
  }

  it('reads --person, --account and --vars into user, account and vars', async () => {
    const cwd = await dirWith({ 'p.json': '{"email": "a@x", "name": "A", "admin": true, "team": "ops"}', 'v.json': '{"model": "X"}' });
    expect(await actionVariables({ strings: { person: 'p.json', account: 'P1', vars: 'v.json' }, cwd })).toEqual({
      user: { email: 'a@x', name: 'A', admin: true, team: 'ops' },
      account: { id: 'P1', email: '', name: '' },
      vars: { model: 'X' },
    });
  });

  const badPeople: { given: string; want: string }[] = [
    { given: '"ann"', want: 'p.json: expected a JSON object with email and name, got string' },
    { given: '{"name": "A"}', want: 'p.json: "email" must be a non-empty string, got undefined' },
    { given: '{"email": "a@x", "name": ""}', want: 'p.json: "name" must be a non-empty string, got string' },
    { given: '{"email": "a@x", "name": "A", "admin": "yes"}', want: 'p.json: "admin" must be true or false, got string' },
    { given: '{"email": "a@x", "name": "A", "firstName": 7}', want: 'p.json: "firstName" must be a string, got number' },
    { given: '{"email": "a@x", "name": "A", "lastName": ["L"]}', want: 'p.json: "lastName" must be a string, got an array' },
  ];
  it.each(badPeople)('names the person file and field for $given', async ({ given, want }) => {
    const cwd = await dirWith({ 'p.json': given });
    await expect(readPersonFile({ path: 'p.json', cwd })).rejects.toThrow(want);
  });

  it('refuses --vars that are not an object', async () => {
    const cwd = await dirWith({ 'v.json': '[1]' });
    await expect(readVarsFile({ path: 'v.json', cwd })).rejects.toThrow('v.json: expected a JSON object of variable name to value, got an array');
  });

  it('checks which of --person, --account and --vars an action needs and accepts', () => {
    expect(() => checkVariableFlags({ strings: {}, kind: 'create', action: 'createUser' })).toThrow('createUser needs --person <file.json>');
    expect(() => checkVariableFlags({ strings: {}, kind: 'create', action: 'createUser', personOptional: true })).not.toThrow();
    expect(() => checkVariableFlags({ strings: {}, kind: 'account', action: 'deleteUser' })).toThrow(
      "deleteUser needs --account (the account's id, or its fields: id=…,login=…",
    );
    expect(() => checkVariableFlags({ strings: { account: 'x', person: 'p' }, kind: 'account', action: 'deleteUser' })).toThrow(
      '--person does not apply to deleteUser',
    );
    expect(() => checkVariableFlags({ strings: { vars: 'v' }, kind: 'import', action: 'importUsers' })).toThrow('--vars does not apply to importUsers');
    expect(() => checkVariableFlags({ strings: { vars: 'v', person: 'p', account: 'a' }, kind: 'custom', action: 'orderLaptop' })).not.toThrow();
  });
});
