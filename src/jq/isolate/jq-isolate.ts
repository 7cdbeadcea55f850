/**
 * A jq isolate: evaluations of one connector's programs run in a worker thread whose heap is
 * capped and whose every evaluation has a wall-clock limit. A program that loops or allocates
 * past either stops the worker, never the process: the evaluation fails with a JqRuntimeError
 * naming the limit (`timeoutMs` or `maxMemoryMb`), and the next one starts a fresh worker, so the
 * other tenants' work, and this connector's later pages, go on.
 *
 * One evaluation runs at a time per isolate (the others wait in order): the clock then measures
 * the program's own time, never a wait behind another evaluation.
 */
import type { Worker } from 'node:worker_threads';
import { JqRuntimeError } from '../engine.js';
import type { Limits } from '../runtime.js';
import type { EvaluateReply, EvaluateRequest, EvaluationInput, NextSliceRequest, ReadyReply, SampleRequest } from './protocol.js';
import type { AnswerLimits, AnswerRefusal, AnswerSample } from './answer-sample.js';
import { startJqWorker } from './worker-entry.js';
import { countWorkerStart, lendWorker, parkWorker, takeWorker } from './worker-pool.js';

/** The document given to an evaluation does not parse as JSON (the worker parsed it): the program never ran. */
export class JqInputError extends Error {
  override readonly name = 'JqInputError';
}

export interface IsolationLimits {
  /** Wall-clock time one evaluation (one page's mapping, one condition) may take. */
  timeoutMs: number;
  /** Heap of the worker (V8's old generation), in MiB. */
  maxMemoryMb: number;
}

export const DEFAULT_ISOLATION_LIMITS: IsolationLimits = { timeoutMs: 10_000, maxMemoryMb: 512 };

/** A worker with no evaluation for this long is let go (parked for the next isolate of its limits, worker-pool.ts); the next evaluation takes or starts another. */
const IDLE_MS = 15_000;

export interface JqIsolate {
  /**
   * Every output of `source` for `input` (a value, or a JSON document, text or bytes, the worker
   * parses), computed in the worker. `sliceKey`: see EvaluateRequest (a page's rows come back a
   * slice per turn; `compactRows`, see EvaluateRequest). A document that does not parse rejects
   * with JqInputError.
   */
  evaluate(source: string, input: EvaluationInput, options?: { sliceKey?: string; compactRows?: boolean }): Promise<unknown[]>;
  /** A target's answer measured and cut in the worker (answer-sample.ts), under the same time and memory limits. */
  sample(bytes: Uint8Array, limits: AnswerLimits): Promise<AnswerSample | AnswerRefusal>;
  /** Stops the worker (a later evaluation starts a new one). */
  close(): Promise<void>;
}

interface Pending {
  request: EvaluateRequest | SampleRequest;
  /** Items of a sliced output received so far. */
  slices: unknown[];
  resolve: (outputs: unknown[]) => void;
  reject: (error: Error) => void;
}

/** How long a fresh worker may take to load its code (a loaded machine is slow; a worker that never loads fails). */
const BOOT_TIMEOUT_MS = 60_000;

export function createJqIsolate(options: { limits?: Partial<IsolationLimits>; jqLimits?: Partial<Limits> } = {}): JqIsolate {
  const { timeoutMs, maxMemoryMb } = { ...DEFAULT_ISOLATION_LIMITS, ...options.limits };
  const queue: Pending[] = [];
  let worker: Worker | undefined;
  let current: Pending | undefined;
  let clock: NodeJS.Timeout | undefined;
  /** Set while a fresh worker loads its code: an evaluation's clock starts once it is ready. */
  let booting: NodeJS.Timeout | undefined;
  let ready = false;
  let idle: NodeJS.Timeout | undefined;
  /** Set while this isolate's idle worker is offered to others (worker-pool.ts): withdraws the offer. */
  let withdraw: (() => void) | undefined;
  let nextId = 1;
  /** The limits a worker is started with: an idle worker of the same key can serve this isolate (worker-pool.ts). */
  const poolKey = `${maxMemoryMb}:${JSON.stringify(options.jqLimits ?? {})}`;

  function spawn(): Worker {
    const parked = takeWorker(poolKey);
    const started =
      parked ??
      startJqWorker({
        workerData: { limits: options.jqLimits ?? {} },
        // The young generation and the stack stay small; the cap that matters is the old generation.
        resourceLimits: {
          maxOldGenerationSizeMb: maxMemoryMb,
          maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.floor(maxMemoryMb / 8))),
          stackSizeMb: 4,
        },
        stdout: false,
        stderr: false,
      });
    started.on('message', (reply: EvaluateReply | ReadyReply) => {
      if ('ready' in reply) onReady(started);
      else settle(started, reply);
    });
    // A parked worker has loaded its code already.
    ready = parked !== undefined;
    if (!parked) {
      countWorkerStart();
      // Bounded too: a worker that never finishes loading fails the evaluation waiting for it.
      booting = setTimeout(() => {
        fail(started, new JqRuntimeError(`the jq worker did not start within ${BOOT_TIMEOUT_MS} ms`, undefined, [], undefined));
      }, BOOT_TIMEOUT_MS);
    }
    started.on('error', (error: Error & { code?: string }) => {
      const limit = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'maxMemoryMb' : undefined;
      const message =
        limit === 'maxMemoryMb'
          ? `jq program exceeded its memory limit of ${maxMemoryMb} MiB (maxMemoryMb); it was stopped`
          : `the jq worker failed: ${error.message}`;
      fail(started, new JqRuntimeError(message, undefined, [], limit));
    });
    started.on('exit', () => fail(started, new JqRuntimeError('the jq worker stopped before answering', undefined, [], undefined)));
    return started;
  }

  function onReady(which: Worker): void {
    if (which !== worker) return;
    ready = true;
    if (booting) clearTimeout(booting);
    booting = undefined;
    if (current && !clock) startClock(which);
  }

  /** The wall-clock limit of the current evaluation, from now. */
  function startClock(running: Worker): void {
    clock = setTimeout(() => {
      fail(running, new JqRuntimeError(`jq program did not finish within ${timeoutMs} ms (timeoutMs); it was stopped`, undefined, [], 'timeoutMs'));
    }, timeoutMs);
  }

  /** The current evaluation of `which` fails with `error`; that worker is done. */
  function fail(which: Worker, error: JqRuntimeError): void {
    if (which !== worker) return;
    worker = undefined;
    withdraw?.();
    withdraw = undefined;
    if (booting) clearTimeout(booting);
    booting = undefined;
    const failed = current;
    stopClock();
    current = undefined;
    failed?.reject(error);
    void which.terminate();
    pump();
  }

  function settle(which: Worker, reply: EvaluateReply): void {
    if (which !== worker || current?.request.id !== reply.id) return;
    const done = current;
    if ('sliceJson' in reply) {
      // Parsed in this turn of the event loop; the next slice comes in a later one.
      for (const item of JSON.parse(reply.sliceJson) as unknown[]) done.slices.push(item);
      which.postMessage({ type: 'next-slice', id: reply.id } satisfies NextSliceRequest);
      return;
    }
    stopClock();
    current = undefined;
    if ('sampleJson' in reply) {
      done.resolve([JSON.parse(reply.sampleJson) as unknown]);
    } else if ('outputsJson' in reply) {
      const outputs = JSON.parse(reply.outputsJson) as unknown[];
      if (reply.sliced) (outputs[0] as Record<string, unknown>)[(done.request as EvaluateRequest).sliceKey!] = done.slices;
      done.resolve(outputs);
    } else if (reply.failure.invalidInput) {
      done.reject(new JqInputError(reply.failure.message));
    } else {
      done.reject(new JqRuntimeError(reply.failure.message, reply.failure.value, reply.failure.outputs, reply.failure.limit));
    }
    pump();
  }

  function stopClock(): void {
    if (clock) clearTimeout(clock);
    clock = undefined;
  }

  function pump(): void {
    if (current) return;
    const next = queue.shift();
    if (!next) {
      worker?.unref();
      if (worker && !idle) idle = setTimeout(() => void close(), IDLE_MS).unref();
      if (worker && ready && !withdraw) withdraw = lendWorker(poolKey, worker, giveUp);
      return;
    }
    withdraw?.();
    withdraw = undefined;
    if (idle) clearTimeout(idle);
    idle = undefined;
    worker ??= spawn();
    // Referenced while it works: a host awaiting the evaluation must not see the process exit.
    worker.ref();
    current = next;
    const running = worker;
    // A fresh worker's boot is not the program's time: its clock starts when the worker is ready.
    if (ready) startClock(running);
    try {
      running.postMessage(next.request, transferList(next.request));
    } catch (error) {
      // An input that cannot be cloned (jq inputs are JSON; a host's value might not be) fails alone.
      stopClock();
      current = undefined;
      next.reject(new JqRuntimeError(`the input could not be passed to the jq worker: ${(error as Error).message}`));
      pump();
    }
  }

  /** Another isolate took the idle worker (worker-pool.ts). */
  function giveUp(): void {
    withdraw = undefined;
    if (idle) clearTimeout(idle);
    idle = undefined;
    worker = undefined;
  }

  async function close(): Promise<void> {
    withdraw?.();
    withdraw = undefined;
    if (idle) clearTimeout(idle);
    idle = undefined;
    const stopping = worker;
    if (!stopping || current) return;
    worker = undefined;
    // A worker that loaded and finished its work cleanly serves the next isolate of these limits.
    if (ready && !booting) return parkWorker(poolKey, stopping, IDLE_MS);
    if (booting) clearTimeout(booting);
    booting = undefined;
    await stopping.terminate();
  }

  return {
    evaluate(source, input, options = {}) {
      return new Promise<unknown[]>((resolve, reject) => {
        const request: EvaluateRequest = {
          type: 'evaluate',
          id: nextId++,
          source,
          // Bytes are transferred: a copy of the caller's, which it may still read (a response body).
          input: 'bytes' in input ? { bytes: new Uint8Array(input.bytes) } : input,
          ...(options.sliceKey === undefined ? {} : { sliceKey: options.sliceKey }),
          ...(options.compactRows ? { compactRows: true } : {}),
        };
        queue.push({ request, slices: [], resolve, reject });
        pump();
      });
    },
    async sample(bytes, limits) {
      const [result] = await new Promise<unknown[]>((resolve, reject) => {
        queue.push({ request: { type: 'sample', id: nextId++, bytes: ownBytes(bytes), limits }, slices: [], resolve, reject });
        pump();
      });
      return result as AnswerSample | AnswerRefusal;
    },
    close,
  };
}

/** The buffers a request hands over to the worker rather than copying again (its own bytes). */
function transferList(request: EvaluateRequest | SampleRequest): ArrayBuffer[] {
  if (request.type === 'sample') return [request.bytes.buffer as ArrayBuffer];
  return 'bytes' in request.input ? [request.input.bytes.buffer as ArrayBuffer] : [];
}

/**
 * Bytes whose ArrayBuffer is theirs alone, so it can be transferred to the worker without a copy
 * (a large Buffer's usually is); a view into a shared one (Node's pool for small Buffers) is copied,
 * never detaching what others read.
 */
function ownBytes(bytes: Uint8Array): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return whole ? new Uint8Array(bytes.buffer) : new Uint8Array(bytes);
}
