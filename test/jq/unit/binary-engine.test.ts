/**
 * The jq binary fallback: jq spawned directly (no node-jq), input on stdin, compile verdicts,
 * runtime errors, a timeout and an output cap. A fake `jq` script stands in for the binary
 * (test/jq/fake-jq-binary.ts); the real jq 1.8.1 is used in `npm run conformance`.
 */
import { describe, expect, it } from 'vitest';
import { compileWithBinary, findJqBinary } from '../../../src/jq/binary-engine.js';
import { JqCompileError, JqRuntimeError } from '../../../src/jq/engine.js';
import { installFakeJq } from '../fake-jq-binary.js';

describe('findJqBinary', () => {
  it('takes $JQ_PATH, else the first executable jq on $PATH, else nothing', () => {
    const fake = installFakeJq({});
    expect(findJqBinary({ PATH: `/nonexistent:${fake.dir}` })).toBe(fake.binary);
    expect(findJqBinary({ JQ_PATH: '/opt/jq', PATH: fake.dir })).toBe('/opt/jq');
    expect(findJqBinary({ PATH: '' })).toBeUndefined();
    expect(findJqBinary({ PATH: '/nonexistent' })).toBeUndefined();
  });
});

describe('compileWithBinary', () => {
  it('runs the expression with the input on stdin and parses every output line', async () => {
    const fake = installFakeJq({ '.[] | .id': { run: { stdout: '"a"\n"b"\n' } }, '[., input_filename]': { run: { stdout: '[$INPUT,"<stdin>"]\n' } } });
    const ids = await compileWithBinary('.[] | .id', { binary: fake.binary });
    expect(ids.engine).toBe('binary');
    expect(await ids.run([{ id: 'a' }, { id: 'b' }])).toEqual(['a', 'b']);
    const withName = await compileWithBinary('[., input_filename]', { binary: fake.binary });
    expect(await withName.run({ n: 1 })).toEqual([[{ n: 1 }, '<stdin>']]);
    const runs = fake.calls().filter((call) => call.args[0] === '-c');
    expect(runs.map((call) => call.args)).toEqual([
      ['-c', ' .[] | .id'],
      ['-c', ' [., input_filename]'],
    ]);
    expect(runs.map((call) => call.stdin)).toEqual(['[{"id":"a"},{"id":"b"}]\n', '{"n":1}\n']);
  });

  it('checks that the expression compiles without running it', async () => {
    const fake = installFakeJq({ '.a.b': {} });
    await compileWithBinary('.a.b', { binary: fake.binary });
    expect(fake.calls()).toEqual([{ args: ['-n', 'if false then (\n.a.b\n) else empty end'], stdin: '' }]);
  });

  it("rejects an expression jq does not compile (exit 3), with jq's message", async () => {
    const stderr = 'jq: error: syntax error, unexpected end of file at <top-level>, line 3:\nif false then (\n.users[\n) else empty end\njq: 1 compile error\n';
    const fake = installFakeJq({ '.users[': { compile: { status: 3, stderr } } });
    const failure = await compileWithBinary('.users[', { binary: fake.binary }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(JqCompileError);
    expect(failure).toMatchObject({ kind: 'syntax', message: 'syntax error, unexpected end of file' });
  });

  it('reports a runtime error (exit 5) with the outputs printed before it', async () => {
    const fake = installFakeJq({ '.[] | .a': { run: { status: 5, stdout: '1\n', stderr: 'jq: error (at <stdin>:1): Cannot index number with "a"\n' } } });
    const filter = await compileWithBinary('.[] | .a', { binary: fake.binary });
    const failure = await filter.run([{ a: 1 }, 5]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(JqRuntimeError);
    expect(failure).toMatchObject({ message: 'Cannot index number with "a"', outputs: [1] });
  });

  it('stops a run that takes longer than the timeout', async () => {
    // Long enough for the compile check to start Node on a busy machine; the run sleeps far longer.
    const fake = installFakeJq({ 'repeat(1)': { run: { sleepMs: 60_000 } } });
    const filter = await compileWithBinary('repeat(1)', { binary: fake.binary, timeoutMs: 4_000 });
    await expect(filter.run(null)).rejects.toMatchObject({ name: 'JqRuntimeError', message: 'the jq binary did not finish within 4000 ms; it was stopped' });
  });

  it('stops a run whose output passes the cap', async () => {
    const fake = installFakeJq({ 'range(1e9)': { run: { stdout: '1\n'.repeat(10_000) } } });
    const filter = await compileWithBinary('range(1e9)', { binary: fake.binary, maxOutputBytes: 1_000 });
    await expect(filter.run(null)).rejects.toMatchObject({ name: 'JqRuntimeError', message: "the jq binary's output passed 1000 bytes; it was stopped" });
  });

  it('says so when there is no jq binary', async () => {
    await expect(compileWithBinary('input', { binary: '/nonexistent/jq' })).rejects.toMatchObject({ name: 'JqCompileError', kind: 'unsupported' });
  });
});
