/**
 * Messages between the jq isolate (main thread) and its worker. Outputs come back as JSON text:
 * parsing it costs the main thread far less than receiving a structured clone of the same values
 * (250,000 mapped rows: 0.2 s against 0.35 s), and nothing is lost, since the engine's outputs are
 * already what jq prints (no NaN or Infinity; integers beyond 2^53 are strings).
 */
import type { Limits } from '../runtime.js';
import type { AnswerLimits } from './answer-sample.js';

/** Given to the worker at start: the limits every program it compiles runs under. */
export interface JqWorkerData {
  limits: Partial<Limits>;
}

/**
 * The input of an evaluation: a value, or a JSON document the worker parses (losslessly), as text
 * or as its UTF-8 bytes (transferred, decoded in the worker as Buffer#toString('utf8') would).
 */
export type EvaluationInput = { value: unknown } | { json: string } | { bytes: Uint8Array };

/** One evaluation: compile `source` (cached by the worker) and run it on `input`. */
export interface EvaluateRequest {
  type: 'evaluate';
  id: number;
  source: string;
  input: EvaluationInput;
  /**
   * When the first output is an object whose `sliceKey` holds a long array (a page's rows), that
   * array comes back in slices, each sent when the main thread asks for it: the main thread
   * parses one slice per turn of its event loop, never a whole page at once.
   */
  sliceKey?: string;
  /**
   * With sliceKey: that array holds rows of cells (a cell `[]` for no output, `[value]`, or
   * `{"__error": message}`: the page program's rows, src/plan/page-program.ts). A row whose every
   * cell is `[]` or `[value]` comes back as its values (`null` for `[]`), any other as
   * `{"cells": row}`: a fraction of the arrays to write here and to parse on the main thread.
   */
  compactRows?: boolean;
}

/** The main thread has taken the previous slice of evaluation `id` and wants the next. */
export interface NextSliceRequest {
  type: 'next-slice';
  id: number;
}

/** A target's answer to measure and cut (answer-sample.ts), off the main thread. */
export interface SampleRequest {
  type: 'sample';
  id: number;
  /** The answer's bytes, transferred (the worker decodes them as UTF-8, each invalid byte U+FFFD). */
  bytes: Uint8Array;
  limits: AnswerLimits;
}

export type WorkerRequest = EvaluateRequest | NextSliceRequest | SampleRequest;

/** What a failed evaluation throws, rebuilt as a JqRuntimeError on the main thread. */
export interface EvaluationFailure {
  message: string;
  /** The input document did not parse as JSON: the program never ran. */
  invalidInput?: true;
  value?: unknown;
  outputs: unknown[];
  limit?: string;
}

export type EvaluateReply =
  /** The outputs; when sliced, `outputs[0][sliceKey]` is empty and its items came in the slices before. */
  | { id: number; outputsJson: string; sliced: boolean }
  /** JSON text of the next items of `outputs[0][sliceKey]`. */
  | { id: number; sliceJson: string }
  | { id: number; failure: EvaluationFailure }
  /** JSON text of the AnswerSample or AnswerRefusal of a SampleRequest. */
  | { id: number; sampleJson: string };

/** The worker's first message: its code is loaded, so an evaluation's clock starts now, not during its boot. */
export interface ReadyReply {
  ready: true;
  /** The nice value the worker thread lowered itself to (Linux), below the main thread's. */
  priority?: number | undefined;
}
