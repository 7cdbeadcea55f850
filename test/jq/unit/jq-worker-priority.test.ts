import { getPriority } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReadyReply } from '../../../src/jq/isolate/protocol.js';
import { startJqWorker } from '../../../src/jq/isolate/worker-entry.js';

let started: Worker | undefined;
afterEach(async () => {
  await started?.terminate();
});

describe('jq worker priority (issue 27: a hostile answer never takes the main thread’s core)', () => {
  it('runs below the main thread: its own nice value is raised, the main thread’s is not', async () => {
    const before = getPriority(0);
    started = startJqWorker({ workerData: { limits: {} }, stdout: false, stderr: false });
    const ready = await new Promise<ReadyReply>((resolve, reject) => {
      started!.once('message', resolve);
      started!.once('error', reject);
    });
    expect(ready.ready).toBe(true);
    // Linux keeps a nice value per thread; elsewhere the worker leaves priorities alone.
    if (process.platform === 'linux') expect(ready.priority).toBeGreaterThanOrEqual(Math.max(before, 10));
    else expect(ready.priority).toBeUndefined();
    expect(getPriority(0)).toBe(before);
  });
});
