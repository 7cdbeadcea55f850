/**
 * The worker thread of a jq isolate: compiles each program once and runs it on the inputs the
 * main thread sends, one at a time. It may be terminated at any moment (a wall-clock limit) or
 * die of its heap limit; either stops only this worker, never the process.
 */
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { JqRuntimeError } from '../engine.js';
import { compileJqInProcess, type InProcessFilter } from '../in-process-engine.js';
import { parseJsonLossless } from '../json-parse.js';
import type { EvaluateReply, EvaluateRequest, EvaluationFailure, JqWorkerData, ReadyReply, WorkerRequest } from './protocol.js';
import { sampleAnswerText } from './answer-sample.js';

/** As Buffer#toString('utf8') decodes: invalid bytes become U+FFFD, a byte order mark is kept. */
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** Items per slice of a sliced output: some 10 ms of JSON.parse on the main thread. */
const SLICE_ITEMS = 10_000;
/**
 * Slices sent ahead of the main thread's taking them: it parses one while the next is being
 * written, and still never finds more than this many waiting in one turn of its event loop.
 */
const SLICES_AHEAD = 2;

/** The worker's nice value (0 is the default, 19 the lowest priority): well below the main thread's. */
const WORKER_NICE = 10;

const { limits } = workerData as JqWorkerData;
const filters = new Map<string, InProcessFilter>();
let credits = SLICES_AHEAD;
let awaitingCredit: (() => void) | undefined;

async function takeCredit(): Promise<void> {
  while (credits === 0) await new Promise<void>((resolve) => (awaitingCredit = resolve));
  credits -= 1;
}

function filterFor(source: string): InProcessFilter {
  let filter = filters.get(source);
  if (!filter) filters.set(source, (filter = compileJqInProcess(source, limits)));
  return filter;
}

function describeFailure(error: unknown): EvaluationFailure {
  if (error instanceof InvalidInput) return { message: error.message, outputs: [], invalidInput: true };
  if (error instanceof JqRuntimeError) {
    return { message: error.message, value: error.value, outputs: [...error.outputs], ...(error.limit === undefined ? {} : { limit: error.limit }) };
  }
  // A compile error cannot happen here (the main thread compiled the same text first); a
  // RangeError (stack) or anything else is still the program's failure on this input.
  return { message: error instanceof Error ? error.message : String(error), outputs: [] };
}

function reply(message: EvaluateReply): void {
  parentPort?.postMessage(message);
}

/** The long array under `key` of the first output, if there is one worth slicing. */
function sliceable(outputs: unknown[], key: string | undefined): unknown[] | undefined {
  const first = outputs[0];
  if (key === undefined || first === null || typeof first !== 'object' || Array.isArray(first)) return undefined;
  const items = (first as Record<string, unknown>)[key];
  return Array.isArray(items) && items.length > SLICE_ITEMS ? items : undefined;
}

/** The evaluation's input, parsed here when it is a document; throws InvalidInput when it does not parse. */
function readInput(input: EvaluateRequest['input']): unknown {
  if ('value' in input) return input.value;
  const text = 'json' in input ? input.json : UTF8.decode(input.bytes);
  try {
    return parseJsonLossless(text);
  } catch (error) {
    throw new InvalidInput(`the input is not JSON (${text.length} characters: ${(error as Error).message})`);
  }
}

class InvalidInput extends Error {}

/** EvaluateRequest.compactRows: the rows under `key` of the first output, compacted in place. */
function compactRows(outputs: unknown[], key: string | undefined): void {
  const first = outputs[0];
  if (key === undefined || first === null || typeof first !== 'object' || Array.isArray(first)) return;
  const rows = (first as Record<string, unknown>)[key];
  if (!Array.isArray(rows)) return;
  for (let at = 0; at < rows.length; at++) rows[at] = compactRow(rows[at]);
}

function compactRow(row: unknown): unknown {
  if (!Array.isArray(row)) return { cells: row };
  const values: unknown[] = new Array(row.length);
  for (let at = 0; at < row.length; at++) {
    const cell: unknown = row[at];
    if (!Array.isArray(cell)) return { cells: row };
    values[at] = cell.length === 0 ? null : cell[0];
  }
  return values;
}

async function evaluate(request: EvaluateRequest): Promise<void> {
  let outputs: unknown[];
  try {
    const input = readInput(request.input);
    outputs = await filterFor(request.source).run(input);
  } catch (error) {
    reply({ id: request.id, failure: describeFailure(error) });
    return;
  }
  if (request.compactRows) compactRows(outputs, request.sliceKey);
  const items = sliceable(outputs, request.sliceKey);
  if (items) {
    for (let start = 0; start < items.length; start += SLICE_ITEMS) {
      await takeCredit();
      reply({ id: request.id, sliceJson: JSON.stringify(items.slice(start, start + SLICE_ITEMS)) });
    }
    // The outputs follow on the same port, so they arrive after every slice.
    outputs = [{ ...(outputs[0] as Record<string, unknown>), [request.sliceKey!]: [] }, ...outputs.slice(1)];
  }
  reply({ id: request.id, outputsJson: JSON.stringify(outputs), sliced: items !== undefined });
}

parentPort?.on('message', (request: WorkerRequest) => {
  if (request.type === 'next-slice') {
    credits += 1;
    const resume = awaitingCredit;
    awaitingCredit = undefined;
    resume?.();
    return;
  }
  if (request.type === 'sample') {
    try {
      reply({ id: request.id, sampleJson: JSON.stringify(sampleAnswerText(UTF8.decode(request.bytes), request.limits)) });
    } catch (error) {
      reply({ id: request.id, failure: describeFailure(error) });
    }
    return;
  }
  void evaluate(request);
});

// Loaded and listening: the host starts an evaluation's clock only now, so a fresh worker's boot
// (slow on a loaded machine) is never charged to the program it runs.
parentPort?.postMessage({ ready: true, priority: yieldToMainThread() } satisfies ReadyReply);

/**
 * This thread runs below the main thread's priority: when a tenant's answer or program keeps it
 * busy, the main thread (every tenant's requests) still gets a core first on a loaded machine.
 * Linux keeps a nice value per thread, so setPriority(0, ...) here lowers only this worker; on
 * other systems it would lower the whole process, so it is left alone there. Returns the nice
 * value this thread runs at (undefined where not set).
 */
function yieldToMainThread(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    setPriority(0, Math.max(getPriority(0), WORKER_NICE));
    return getPriority(0);
  } catch {
    return undefined;
  }
}
