import { describe, expect, it } from 'vitest';
import { compileJq, compileJqInProcess, JqCompileError, JqRuntimeError, type JqPolicy } from '../../../src/jq/index.js';
import { installFakeJq, restoreJqEnvAfterEach } from '../fake-jq-binary.js';

const savedPath = restoreJqEnvAfterEach();

describe('compileJq', () => {
  it('compiles supported expressions in-process', async () => {
    const filter = await compileJq('.users[] | {id, email: (.email // "")}', 'customer');
    expect(filter.engine).toBe('in-process');
    expect(await filter.run({ users: [{ id: 1 }] })).toEqual([{ id: 1, email: '' }]);
  });

  it('throws syntax errors with their offset instead of falling back', async () => {
    await expect(compileJq('.a | | .b', 'trusted')).rejects.toMatchObject({ name: 'JqCompileError', kind: 'syntax', offset: 5 });
  });

  it('falls back to the jq binary for refused constructs of a trusted program when jq is installed (on PATH)', async () => {
    const fake = installFakeJq({ '[., input_filename]': { run: { stdout: '[$INPUT,"<stdin>"]\n' } } });
    delete process.env.JQ_PATH;
    process.env.PATH = `${fake.dir}:${savedPath ?? ''}`;
    const filter = await compileJq('[., input_filename]', 'trusted');
    expect(filter.engine).toBe('binary');
    expect(filter.refused).toMatchObject({ kind: 'unsupported', construct: 'input_filename', offset: 4 });
    expect(await filter.run(1)).toEqual([[1, '<stdin>']]);
  });

  it.each<{ policy: JqPolicy | undefined }>([{ policy: 'customer' }, { policy: undefined }, { policy: 'Trusted' as JqPolicy }])(
    'keeps the refusal for policy $policy (a customer program, or anything not exactly trusted), even with jq installed',
    async ({ policy }) => {
      const fake = installFakeJq({ '[., input_filename]': { run: { stdout: '[$INPUT,"<stdin>"]\n' } }, '[inputs]': {} });
      delete process.env.JQ_PATH;
      process.env.PATH = `${fake.dir}:${savedPath ?? ''}`;
      await expect(compileJq('[., input_filename]', policy as JqPolicy)).rejects.toMatchObject({ kind: 'unsupported', construct: 'input_filename' });
      await expect(compileJq('[inputs]', policy as JqPolicy)).rejects.toMatchObject({ kind: 'unsupported', construct: 'inputs' });
      expect(fake.calls()).toEqual([]);
    },
  );

  it('rethrows the refusal when no jq binary is installed', async () => {
    delete process.env.JQ_PATH;
    process.env.PATH = '/nonexistent';
    await expect(compileJq('input', 'trusted')).rejects.toMatchObject({ kind: 'unsupported', construct: 'input', offset: 0 });
  });

  it('reports runtime errors as JqRuntimeError with the error value', async () => {
    const filter = await compileJq('error({code: 7})', 'customer');
    const failure = await filter.run(null).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(JqRuntimeError);
    expect((failure as JqRuntimeError).value).toEqual({ code: 7 });
  });
});

describe('compileJqInProcess', () => {
  it('offers a synchronous runSync next to the async run', async () => {
    const filter = compileJqInProcess('.[] | . * 2');
    expect(filter.runSync([1, 2])).toEqual([2, 4]);
    expect(await filter.run([3])).toEqual([6]);
  });

  it('never falls back: refused constructs throw', () => {
    expect(() => compileJqInProcess('inputs')).toThrow(JqCompileError);
  });

  it('can be run many times and does not mutate its input', () => {
    const filter = compileJqInProcess('.a += 1 | .b[0] = 9 | del(.c)');
    const input = { a: 1, b: [1], c: 2 };
    expect(filter.runSync(input)).toEqual([{ a: 2, b: [9] }]);
    expect(filter.runSync(input)).toEqual([{ a: 2, b: [9] }]);
    expect(input).toEqual({ a: 1, b: [1], c: 2 });
  });
});
