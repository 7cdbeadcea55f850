import { afterEach, describe, expect, it, vi } from 'vitest';
import { jqWorkerStarts } from '../../../src/jq/isolate/worker-pool.js';
import { compileJq, createJqIsolate, DEFAULT_ANSWER_LIMITS, JqInputError, JqRuntimeError, type JqIsolate } from '../../../src/jq/index.js';

const isolates: JqIsolate[] = [];
function isolate(...args: Parameters<typeof createJqIsolate>): JqIsolate {
  const created = createJqIsolate(...args);
  isolates.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(isolates.splice(0).map((one) => one.close()));
});

async function failure(promise: Promise<unknown>): Promise<JqRuntimeError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(JqRuntimeError);
  return error as JqRuntimeError;
}

describe('jq isolate (worker thread with time and memory limits)', () => {
  it('parses a JSON document in the worker without losing the digits of 64-bit ids', async () => {
    const text = '{"users": [{"id": 1234567890123456789}, {"id": 1234567890123456790}]}';
    expect(await isolate().evaluate('[.users[].id]', { json: text })).toEqual([['1234567890123456789', '1234567890123456790']]);
  });

  it('parses a document given as bytes in the worker, leaving the caller its bytes', async () => {
    const bytes = Buffer.from('{"users": [{"id": 1234567890123456789, "name": "Zoë"}], "pad": "' + 'x'.repeat(10_000) + '"}');
    expect(await isolate().evaluate('[.users[] | [.id, .name]]', { bytes })).toEqual([[['1234567890123456789', 'Zoë']]]);
    // Copied, then transferred: a response body the caller still reads is never detached.
    expect(bytes.byteLength).toBeGreaterThan(10_000);
    expect(bytes.subarray(0, 9).toString()).toBe('{"users":');
  });

  it('rejects a document that does not parse with JqInputError (the program never ran), text or bytes; the isolate goes on', async () => {
    const jq = isolate();
    for (const input of [{ json: '{"users": [{"id": 1' }, { bytes: Buffer.from('{"users": [{"id": 1') }]) {
      const error = await jq.evaluate('error("ran")', input).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(JqInputError);
      expect((error as Error).message).toMatch(/^the input is not JSON \(19 characters: /u);
    }
    expect(await jq.evaluate('.a', { json: '{"a": 2}' })).toEqual([2]);
  });

  it('sends rows of cells back compact when asked: values (null for no output), a row with a failed cell as {cells}', async () => {
    const program = '{r: [.[] | [[.id], (if .name then [.name] else [] end), (try [.n | ascii_downcase] catch {__error: .})]], x: {}}';
    const rows = [
      { id: 1, name: 'A', n: 'X' },
      { id: 2, n: 'Y' },
      { id: 3, name: 'C', n: 7 },
    ];
    const cells = await isolate().evaluate(program, { json: JSON.stringify(rows) }, { sliceKey: 'r' });
    expect((cells[0] as { r: unknown[] }).r[1]).toEqual([[2], [], ['y']]);
    const [compact] = await isolate().evaluate(program, { json: JSON.stringify(rows) }, { sliceKey: 'r', compactRows: true });
    expect(compact).toEqual({
      r: [[1, 'A', 'x'], [2, null, 'y'], { cells: [[3], ['C'], { __error: 'number (7) cannot be lowercased' }] }],
      x: {},
    });
  });

  it('computes what the in-process engine computes, 64-bit ids included', async () => {
    const jq = isolate();
    const input = {
      users: [
        { id: '1234567890123456789', n: 2 },
        { id: '1234567890123456790', n: 3 },
      ],
    };
    expect(await jq.evaluate('[.users[] | {id, double: (.n * 2)}]', { value: input })).toEqual([
      [
        { id: '1234567890123456789', double: 4 },
        { id: '1234567890123456790', double: 6 },
      ],
    ]);
  });

  it('reports a program error with its value and the outputs before it, as the engine does', async () => {
    const error = await failure(isolate().evaluate('1, error({"why": "no"})', { value: null }));
    expect(error.value).toEqual({ why: 'no' });
    expect(error.outputs).toEqual([1]);
    expect(error.limit).toBeUndefined();
  });

  it('keeps the engine limits the host set (maxSteps)', async () => {
    const error = await failure(isolate({ jqLimits: { maxSteps: 1000 } }).evaluate('reduce range(100000) as $i (0; . + $i)', { value: null }));
    expect(error.limit).toBe('maxSteps');
  });

  it('stops a program past its wall-clock limit (timeoutMs), and the next evaluation runs on a new worker', async () => {
    // The clocks are fake: the limit fires when the test says 300 ms have passed, never because a
    // loaded machine was slow to answer `.a + 1` on the new worker.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // Within every limit the host set (no memory, steps raised): only the clock stops it.
      const slow = isolate({ limits: { timeoutMs: 300 }, jqLimits: { maxSteps: 1e15 } });
      // A ready worker: the next evaluation's clock starts as it is sent.
      expect(await slow.evaluate('.', { value: 1 })).toEqual([1]);
      const stopped = failure(slow.evaluate('reduce range(1e15) as $i (0; . + 1)', { value: null }));
      vi.advanceTimersByTime(300);
      const error = await stopped;
      expect(error.limit).toBe('timeoutMs');
      expect(error.message).toContain('300 ms');
      const starts = jqWorkerStarts();
      expect(await slow.evaluate('.a + 1', { value: { a: 41 } })).toEqual([42]);
      // Never the stopped worker: a parked one of these limits, or one started now.
      expect(jqWorkerStarts()).toBeLessThanOrEqual(starts + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops a program past its memory cap (maxMemoryMb) without stopping this process', async () => {
    // 100 arrays of a million numbers each: some 800 MB in a heap capped at 64 MiB.
    const greedy = isolate({ limits: { maxMemoryMb: 64, timeoutMs: 45_000 }, jqLimits: { maxSteps: 1e15 } });
    const error = await failure(greedy.evaluate('[limit(100; repeat([range(1e6)]))] | length', { value: 1 }));
    expect(error.limit).toBe('maxMemoryMb');
    expect(await greedy.evaluate('. * 2', { value: 21 })).toEqual([42]);
  });

  it('never charges a fresh worker’s boot to the program: its clock starts when the worker is ready', async () => {
    // The clocks are fake, and 5 s of them pass before the new worker can have said it is ready
    // (that takes a turn of the event loop). A clock started at spawn would stop `. + 1` here.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // Limits no other case uses: a parked worker (ready already) would start the clock at once.
      const jq = isolate({ limits: { timeoutMs: 1_000, maxMemoryMb: 97 } });
      const starts = jqWorkerStarts();
      const result = jq.evaluate('. + 1', { value: 1 });
      expect(jqWorkerStarts()).toBe(starts + 1);
      vi.advanceTimersByTime(5_000);
      expect(await result).toEqual([2]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("hands a closed isolate's idle worker to the next isolate of the same limits, never of others", async () => {
    const first = isolate({ limits: { maxMemoryMb: 91 } });
    expect(await first.evaluate('. + 1', { value: 1 })).toEqual([2]);
    await first.close();
    const starts = jqWorkerStarts();
    const same = isolate({ limits: { maxMemoryMb: 91 } });
    expect(await same.evaluate('. * 3', { value: 3 })).toEqual([9]);
    expect(jqWorkerStarts()).toBe(starts);
    // Other limits (the worker's heap cap, the engine limits it was started with): a worker of their own.
    const bigger = isolate({ limits: { maxMemoryMb: 92 } });
    expect(await bigger.evaluate('. * 3', { value: 3 })).toEqual([9]);
    const stricter = isolate({ limits: { maxMemoryMb: 91 }, jqLimits: { maxSteps: 5000 } });
    expect(await stricter.evaluate('. * 3', { value: 3 })).toEqual([9]);
    expect(jqWorkerStarts()).toBe(starts + 2);
  });

  it("lends an open isolate's idle worker to another isolate of the same limits; the lender goes on with another", async () => {
    const lender = isolate({ limits: { maxMemoryMb: 87 } });
    expect(await lender.evaluate('. + 1', { value: 1 })).toEqual([2]);
    const starts = jqWorkerStarts();
    // The lender is open but between evaluations: its warm worker serves the borrower.
    const borrower = isolate({ limits: { maxMemoryMb: 87 } });
    expect(await borrower.evaluate('. * 2', { value: 21 })).toEqual([42]);
    expect(jqWorkerStarts()).toBe(starts);
    // Now the borrower is idle in turn: the lender takes a worker back instead of starting one.
    expect(await lender.evaluate('. - 1', { value: 1 })).toEqual([0]);
    expect(jqWorkerStarts()).toBe(starts);
    // Both busy at once: two workers.
    const both = await Promise.all([
      lender.evaluate('[range(20000)] | length', { value: null }),
      borrower.evaluate('[range(20000)] | length', { value: null }),
    ]);
    expect(both).toEqual([[20000], [20000]]);
    expect(jqWorkerStarts()).toBe(starts + 1);
  });

  it('keeps the latest four idle workers: the one parked longest is stopped first', async () => {
    const limits = (mb: number) => ({ limits: { maxMemoryMb: mb } });
    for (const mb of [81, 82, 83, 84, 85]) {
      const one = isolate(limits(mb));
      expect(await one.evaluate('.', { value: mb })).toEqual([mb]);
      await one.close();
    }
    const starts = jqWorkerStarts();
    expect(await isolate(limits(85)).evaluate('.', { value: 1 })).toEqual([1]);
    expect(await isolate(limits(82)).evaluate('.', { value: 1 })).toEqual([1]);
    expect(jqWorkerStarts()).toBe(starts);
    expect(await isolate(limits(81)).evaluate('.', { value: 1 })).toEqual([1]);
    expect(jqWorkerStarts()).toBe(starts + 1);
  });

  it('never hands on a worker stopped for a limit', async () => {
    const slow = isolate({ limits: { timeoutMs: 300, maxMemoryMb: 93 }, jqLimits: { maxSteps: 1e15 } });
    expect((await failure(slow.evaluate('reduce range(1e15) as $i (0; . + 1)', { value: null }))).limit).toBe('timeoutMs');
    await slow.close();
    const starts = jqWorkerStarts();
    // The same worker options (the clock is not one of them), and time enough for a fresh worker's first program on a loaded machine.
    const next = isolate({ limits: { timeoutMs: 60_000, maxMemoryMb: 93 }, jqLimits: { maxSteps: 1e15 } });
    expect(await next.evaluate('. + 1', { value: 1 })).toEqual([2]);
    expect(jqWorkerStarts()).toBe(starts + 1);
  });

  it('runs evaluations one at a time, so a queued one is never charged for the wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const jq = isolate({ limits: { timeoutMs: 400 }, jqLimits: { maxSteps: 1e15 } });
      expect(await jq.evaluate('.', { value: 1 })).toEqual([1]);
      const slow = failure(jq.evaluate('reduce range(1e15) as $i (0; . + 1)', { value: null }));
      const queued = jq.evaluate('. + 1', { value: 1 });
      // The slow program's 400 ms: a clock started for the queued one as it was queued would fire too.
      vi.advanceTimersByTime(400);
      expect((await slow).limit).toBe('timeoutMs');
      expect(await queued).toEqual([2]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('compileJq in a scope with an isolate runs the program in the worker; syntax errors are still reported at compile', async () => {
    const jq = isolate({ limits: { timeoutMs: 300 }, jqLimits: { maxSteps: 1e15 } });
    const filter = await compileJq('reduce range(1e15) as $i (0; . + 1)', 'customer', { isolate: jq, limits: { maxSteps: 1e15 } });
    expect((await failure(filter.run(null))).limit).toBe('timeoutMs');
    await expect(compileJq('.a |', 'customer', { isolate: jq })).rejects.toThrow(/syntax|unexpected|end/iu);
  });
});

describe('sample: a target answer handed to the worker as bytes', () => {
  it('transfers a buffer that owns its memory (no copy on this thread) and decodes it in the worker', async () => {
    const text = `{"users":[${Array.from({ length: 2_000 }, (_, index) => `{"id":"u${index}"}`).join(',')}]}`;
    // A view over the whole of its own ArrayBuffer (as an HTTP body read whole is). Buffer.from(text)
    // is not that everywhere: Node 24 may give it a larger backing store.
    const owned = new ArrayBuffer(Buffer.byteLength(text));
    Buffer.from(owned).write(text);
    const bytes = Buffer.from(owned);
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
    const sampled = await isolate().sample(bytes, DEFAULT_ANSWER_LIMITS);
    // Transferred: the main thread's view is detached, its memory now the worker's.
    expect(bytes.byteLength).toBe(0);
    expect(sampled).toMatchObject({ isJson: true, omitted: [{ pointer: '/users', kind: 'items', kept: 100, total: 2_000 }] });
  });

  it('copies a small buffer that shares Node’s pool (never detaching the pool) and reads invalid UTF-8 as U+FFFD', async () => {
    const bytes = Buffer.concat([Buffer.from('{"name":"A'), Buffer.from([0xff, 0xc3]), Buffer.from('B"}')]);
    const neighbour = Buffer.from('still readable');
    expect(bytes.buffer.byteLength).toBeGreaterThan(bytes.byteLength);
    const sampled = await isolate().sample(bytes, DEFAULT_ANSWER_LIMITS);
    expect(bytes.byteLength).toBe(15);
    expect(neighbour.toString()).toBe('still readable');
    expect(sampled).toMatchObject({ value: { name: 'A\uFFFD\uFFFDB' } });
  });
});
