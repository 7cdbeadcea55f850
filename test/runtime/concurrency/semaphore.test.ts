/**
 * The semaphore behind an action's `maxInFlight`: never more holders than the limit, waiters
 * served first come first served, and a slot freed whether the work succeeds or fails.
 */
import { describe, expect, it } from 'vitest';
import { Semaphore } from '../../../src/runtime/concurrency/semaphore.js';
import { deferred } from '../../setup/deferred.js';

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('lets `limit` calls run at once and queues the rest', async () => {
    const gate = new Semaphore(2);
    const holds = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = holds.map((hold, index) =>
      gate.run(async () => {
        started.push(index);
        await hold.promise;
        return index;
      }),
    );
    await flush();
    expect(started).toEqual([0, 1]);
    expect(gate.inUse).toBe(2);
    expect(gate.queued).toBe(2);
    holds[1]?.resolve();
    await flush();
    expect(started).toEqual([0, 1, 2]);
    for (const hold of holds) hold.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(gate.inUse).toBe(0);
  });

  it('serves waiters in the order they arrived (FIFO)', async () => {
    const gate = new Semaphore(1);
    const first = deferred();
    const order: string[] = [];
    const holder = gate.run(() => first.promise);
    const waiters = ['a', 'b', 'c', 'd'].map((name) => gate.run(async () => void order.push(name)));
    await flush();
    expect(order).toEqual([]);
    first.resolve();
    await Promise.all([holder, ...waiters]);
    expect(order).toEqual(['a', 'b', 'c', 'd']);
  });

  it('frees the slot when the work fails, and passes the failure on', async () => {
    const gate = new Semaphore(1);
    const failing = deferred();
    const failed = gate.run(() => failing.promise);
    let nextRan = false;
    const next = gate.run(async () => {
      nextRan = true;
      return 'next';
    });
    await flush();
    expect(nextRan).toBe(false);
    failing.reject(new Error('target refused'));
    await expect(failed).rejects.toThrow('target refused');
    expect(await next).toBe('next');
    expect(gate.inUse).toBe(0);
    expect(gate.queued).toBe(0);
  });

  it('frees the slot when the work throws synchronously', async () => {
    const gate = new Semaphore(1);
    await expect(
      gate.run(() => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await gate.run(async () => 'ok')).toBe('ok');
  });

  it('refuses a limit below 1', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
    expect(() => new Semaphore(1.5)).toThrow(RangeError);
  });
});
