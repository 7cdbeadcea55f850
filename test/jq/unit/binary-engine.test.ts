/** The jq binary fallback (node-jq on the system jq): compile verdicts and runs. */
import { describe, expect, it } from 'vitest';
import { compileWithBinary, findJqBinary } from '../../../src/jq/binary-engine.js';
import { JqCompileError, JqRuntimeError } from '../../../src/jq/engine.js';

describe('compileWithBinary', () => {
  it('finds the system jq', () => {
    expect(findJqBinary({ PATH: '/usr/bin:/bin' })).toMatch(/\/jq$/);
    expect(findJqBinary({ JQ_PATH: '/opt/jq', PATH: '' })).toBe('/opt/jq');
    expect(findJqBinary({ PATH: '' })).toBeUndefined();
  });

  it('rejects a broken expression every time (jq exiting before it reads its input is no runtime error)', async () => {
    const verdicts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => compileWithBinary(`.users[${' '.repeat(i)}`).then(() => 'compiled', (error: unknown) => error)),
    );
    for (const verdict of verdicts) expect(verdict).toBeInstanceOf(JqCompileError);
  });

  it('accepts an expression that only fails at run time, and reports that failure when run', async () => {
    const filter = await compileWithBinary('.a.b');
    expect(filter.engine).toBe('binary');
    expect(await filter.run({ a: { b: [1, 2] } })).toEqual([[1, 2]]);
    await expect(filter.run({ a: 5 })).rejects.toBeInstanceOf(JqRuntimeError);
  });

  it('returns every output of a multi-output program', async () => {
    const filter = await compileWithBinary('.[] | .id');
    expect(await filter.run([{ id: 'a' }, { id: 'b' }])).toEqual(['a', 'b']);
  });
});
