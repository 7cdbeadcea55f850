/**
 * Precompiled jq in generated modules: the table holds the AST of every jq program the runtime
 * compiles for a spec, keyed by its exact text, in text order, identical on every compile; programs
 * the in-process engine refuses or whose AST JSON cannot hold are left to the runtime.
 */
import { describe, expect, it } from 'vitest';
import { emitConnectorModule } from '../../src/compiler/emit-module.js';
import { lowerSpec } from '../../src/compiler/lower.js';
import { findSpecFiles, loadSpecFile } from '../../src/compiler/index.js';
import { planGeneratedFiles } from '../../src/compiler/plan-generated.js';
import { parseJq } from '../../src/jq/index.js';
import { precompileConnector } from '../../src/runtime/precompile-connector.js';
import schema from '../../schema/connector-spec.schema.json' with { type: 'json' };
import { baseSpec } from './helpers.js';

const source = 'specs/examples/test-app.yaml';

function specWith(change: (spec: Record<string, any>) => void) {
  const spec = baseSpec();
  change(spec);
  return lowerSpec(spec);
}

const fullSpec = specWith((spec) => {
  spec.errors = { message: '.error.message', rules: [{ status: 400, when: '.error.code == "taken"', code: 'CONFLICT' }] };
  spec.lookups = { team: { path: '/teams', value: '.teams[0].id' } };
  spec.actions.createUser = { method: 'POST', path: '/users', body: '{"email": {{user.email}}, "team": {{lookups.team}} }', result: '.user' };
  spec.actions.custom = { syncUser: { method: 'POST', path: '/sync', result: '.job.id' } };
});

describe('precompileConnector', () => {
  it('holds every jq program the runtime compiles, each with the AST its text parses to', async () => {
    const { jq } = await precompileConnector({ spec: fullSpec, source });
    const texts = Object.keys(jq);
    for (const part of ['.error.message', '.error.code == "taken"', '.teams[0].id', '.job.id']) expect(texts).toContain(part);
    // The import's one page program, and createUser's result mapped with the import mapping.
    expect(texts.filter((text) => text.startsWith('{"r": '))).toHaveLength(2);
    expect(texts.some((text) => text.includes('.users\n') && text.includes('.email // ""\n'))).toBe(true);
    expect(texts.some((text) => text.includes('[limit(1; (.user\n))]'))).toBe(true);
    for (const [text, ast] of Object.entries(jq)) expect(ast).toEqual(JSON.parse(JSON.stringify(parseJq(text))));
  });

  it('lists the programs in text order and is identical on every compile', async () => {
    const first = await precompileConnector({ spec: fullSpec, source });
    const second = await precompileConnector({ spec: fullSpec, source });
    const texts = Object.keys(first.jq);
    expect(texts).toEqual([...texts].sort());
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it('leaves out a program the in-process engine refuses (it runs on the jq binary) and one JSON cannot hold', async () => {
    const spec = specWith((s) => {
      // Lookups compile after the import, so the page program is collected with or without a jq binary.
      s.lookups = { cap: { path: '/limits', value: '.cap // 1e1000' }, who: { path: '/me', value: 'input_filename // .id' } };
    });
    const texts = Object.keys((await precompileConnector({ spec, source })).jq);
    expect(texts).not.toContain('input_filename // .id');
    expect(texts).not.toContain('.cap // 1e1000');
    expect(texts.some((text) => text.startsWith('{"r": '))).toBe(true);
  });
});

describe('emitted precompiled table', () => {
  it('emits one line per program (its text, then its AST as JSON) after the spec', async () => {
    const precompiled = await precompileConnector({ spec: fullSpec, source });
    const module = emitConnectorModule({ spec: fullSpec, source, precompiled });
    const lines = module.split('\n');
    const start = lines.indexOf('  precompiled: {');
    expect(start).toBeGreaterThan(lines.findIndex((line) => line.startsWith('  spec: {')));
    expect(lines[start + 1]).toBe('    jq: {');
    const entries = lines.slice(start + 2, start + 2 + Object.keys(precompiled.jq).length);
    expect(entries.map((line) => JSON.parse(`{${line.trim().replace(/,$/u, '')}}`))).toEqual(Object.entries(precompiled.jq).map(([text, ast]) => ({ [text]: ast })));
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

describe('precompileConnector on a spec the runtime cannot compile', () => {
  it('keeps the programs compiled before the failure instead of throwing', async () => {
    // The runtime compiles the spec's error handling first, then the import: a bad records path fails there.
    const spec = specWith((s) => {
      s.errors = { message: '.error.message' };
      s.actions.importUsers.records = '.users | ';
    });
    expect(Object.keys((await precompileConnector({ spec, source })).jq)).toEqual(['.error.message']);
  });
});
