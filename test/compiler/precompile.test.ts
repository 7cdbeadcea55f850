/**
 * Precompiled jq in generated modules: the table holds the AST of every jq program the runtime
 * compiles for a spec, keyed by its exact text, in text order, identical on every compile; programs
 * the in-process engine refuses or whose AST JSON cannot hold are left to the runtime. The compiler
 * lists the programs from the lowered spec itself; the runtime's compile step, run here with a
 * recorder, is the reference its list must equal.
 */
import { describe, expect, it } from 'vitest';
import { emitConnectorModule } from '../../src/compiler/emit-module.js';
import { lowerSpec } from '../../src/compiler/lower.js';
import { findSpecFiles, loadSpecFile, validateSpecText } from '../../src/compiler/index.js';
import { planGeneratedFiles } from '../../src/compiler/plan-generated.js';
import { precompileJq } from '../../src/compiler/precompile-jq.js';
import type { ConnectorSpec } from '../../src/connector.js';
import { isJsonSafeAst, parseJq } from '../../src/jq/index.js';
import { compileParts } from '../../src/runtime/compile-connector.js';
import schema from '../../schema/connector-spec.schema.json' with { type: 'json' };
import { baseSpec } from './helpers.js';

const source = 'specs/examples/test-app.yaml';

function specWith(change: (spec: Record<string, any>) => void) {
  const spec = baseSpec();
  change(spec);
  return lowerSpec(spec);
}

/** The texts the runtime's compile step parses for a spec (with a tree JSON can hold), sorted: the reference. */
async function recordRuntimePrograms(spec: ConnectorSpec): Promise<string[]> {
  const parsed = new Set<string>();
  await compileParts({ spec, source }, 'customer', { onParsed: (text, ast) => (isJsonSafeAst(ast) ? parsed.add(text) : undefined) });
  return [...parsed].sort();
}

const fullSpec = specWith((spec) => {
  spec.errors = { message: '.error.message', rules: [{ status: 400, when: '.error.code == "taken"', code: 'CONFLICT' }] };
  spec.lookups = { team: { path: '/teams', value: '.teams[0].id' } };
  spec.actions.createUser = { method: 'POST', path: '/users', body: '{"email": {{user.email}}, "team": {{lookups.team}} }', result: '.user' };
  spec.actions.custom = { syncUser: { method: 'POST', path: '/sync', result: '.job.id' } };
});

describe('precompileJq', () => {
  it('holds every jq program the runtime compiles, each with the AST its text parses to', async () => {
    const { jq } = precompileJq(fullSpec);
    const texts = Object.keys(jq);
    for (const part of ['.error.message', '.error.code == "taken"', '.teams[0].id', '.job.id']) expect(texts).toContain(part);
    // The import's one page program, and createUser's result mapped with the import mapping.
    expect(texts.filter((text) => text.startsWith('{"r": '))).toHaveLength(2);
    expect(texts.some((text) => text.includes('.users\n') && text.includes('.email // ""\n'))).toBe(true);
    expect(texts.some((text) => text.includes('[limit(1; (.user\n))]'))).toBe(true);
    for (const [text, ast] of Object.entries(jq)) expect(ast).toEqual(JSON.parse(JSON.stringify(parseJq(text))));
  });

  it('lists the programs in text order and is identical on every compile', async () => {
    const first = precompileJq(fullSpec);
    const second = precompileJq(fullSpec);
    const texts = Object.keys(first.jq);
    expect(texts).toEqual([...texts].sort());
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it('leaves out a program the in-process engine refuses (it runs on the jq binary) and one JSON cannot hold', async () => {
    const spec = specWith((s) => {
      // Lookups compile after the import, so the page program is collected with or without a jq binary.
      s.lookups = { cap: { path: '/limits', value: '.cap // 1e1000' }, who: { path: '/me', value: 'input_filename // .id' } };
    });
    const texts = Object.keys(precompileJq(spec).jq);
    expect(texts).not.toContain('input_filename // .id');
    expect(texts).not.toContain('.cap // 1e1000');
    expect(texts.some((text) => text.startsWith('{"r": '))).toBe(true);
  });
});

describe('emitted precompiled table', () => {
  it('emits one line per program (its text, then its AST as JSON) after the spec', async () => {
    const precompiled = precompileJq(fullSpec);
    const module = emitConnectorModule({ spec: fullSpec, source, precompiled });
    const lines = module.split('\n');
    const start = lines.indexOf('  precompiled: {');
    expect(start).toBeGreaterThan(lines.findIndex((line) => line.startsWith('  spec: {')));
    expect(lines[start + 1]).toBe('    jq: {');
    const entries = lines.slice(start + 2, start + 2 + Object.keys(precompiled.jq).length);
    expect(entries.map((line) => JSON.parse(`{${line.trim().replace(/,$/u, '')}}`))).toEqual(
      Object.entries(precompiled.jq).map(([text, ast]) => ({ [text]: ast })),
    );
    expect(lines[start + 2 + entries.length]).toBe('    },');
  });

  it('emits no table when there is none (a module without jq)', () => {
    expect(emitConnectorModule({ spec: fullSpec, source })).not.toContain('precompiled');
  });

  it('generates byte-identical modules for the shipped specs on a second compile', async () => {
    const root = new URL('../../', import.meta.url).pathname;
    const { files } = await findSpecFiles([`${root}specs`]);
    const specs = await Promise.all(files.map((path) => loadSpecFile(path, { file: path.slice(root.length) })));
    const first = await planGeneratedFiles({ specs, schema });
    const second = await planGeneratedFiles({ specs, schema });
    expect(first.files.size).toBeGreaterThan(2);
    expect([...first.files].filter(([, content]) => content.includes('  precompiled: {'))).toHaveLength(files.length);
    expect([...second.files]).toEqual([...first.files]);
  });
});

describe('precompileJq on a spec the runtime cannot compile', () => {
  it('leaves out the program that does not parse and keeps every other one, instead of throwing', async () => {
    const spec = specWith((s) => {
      s.errors = { message: '.error.message' };
      s.actions.importUsers.records = '.users | ';
      s.lookups = { team: { path: '/teams', value: '.teams[0].id' } };
    });
    expect(Object.keys(precompileJq(spec).jq)).toEqual(['.error.message', '.teams[0].id']);
  });
});

describe('the compiler lists the programs the runtime compiles', () => {
  const everyKind = specWith((spec) => {
    spec.errors = { message: '.error.message', rules: [{ status: 400, when: '.error.code == "taken"', code: 'CONFLICT' }] };
    spec.lookups = { team: { path: '/teams', value: '.teams[0].id' } };
    spec.actions.importUsers.pagination = { type: 'cursor', cursor: '.meta.next', param: 'after' };
    spec.actions.importUsers.additionalLists = [
      {
        path: '/invitations',
        records: '.invitations',
        mapping: { id: '.id', email: '.email', name: '""' },
        pagination: { type: 'nextUrl', next: '.links.next' },
      },
    ];
    spec.actions.createUser = { method: 'POST', path: '/users', body: '{"email": {{user.email}} }', result: '.user', errors: { message: '.detail' } };
    spec.actions.deleteUser = {
      errors: { rules: [{ status: 409, when: '.code == "locked"', code: 'CONFLICT' }] },
      steps: [
        { method: 'POST', path: '/users/{{account.id}}/deactivate', outcomes: [{ status: 403, when: '.code == "already"', means: 'alreadyDone' }] },
        { method: 'DELETE', path: '/users/{{account.id}}', when: '.status == 200' },
      ],
    };
    spec.actions.activateUser = { method: 'POST', path: '/users/{{account.id}}/activate', absentOn: [404] };
    spec.actions.custom = { syncUser: { method: 'POST', path: '/sync', result: '.job.id', outcomes: [{ status: 409, when: '.busy', means: 'alreadyDone' }] } };
  });

  it('for a spec with every kind of program (lists, steps, outcomes, results, lookups, error rules)', async () => {
    const compiled = Object.keys(precompileJq(everyKind).jq);
    expect(compiled).toEqual(await recordRuntimePrograms(everyKind));
    expect(compiled).toEqual(expect.arrayContaining(['.code == "already"', '.status == 200', '.code == "locked"', '.busy', '.detail', 'true']));
  });

  it('for every shipped spec', async () => {
    const root = new URL('../../', import.meta.url).pathname;
    const { files } = await findSpecFiles([`${root}specs`]);
    for (const path of files) {
      const { text } = await loadSpecFile(path, { file: path.slice(root.length) });
      const { spec } = await validateSpecText({ text: text as string, file: path });
      expect(spec, path).toBeDefined();
      expect(Object.keys(precompileJq(spec as ConnectorSpec).jq), path).toEqual(await recordRuntimePrograms(spec as ConnectorSpec));
    }
  });
});
