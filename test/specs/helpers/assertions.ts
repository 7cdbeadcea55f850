/**
 * Small helpers shared by the contract tests.
 */
import type { RecordedRequest } from '../../../src/simulators/serve-handlers.js';

/** Query parameters of a recorded request as a plain object. */
export function queryOf(request: Pick<RecordedRequest, 'url'> | undefined): Record<string, string> {
  return Object.fromEntries(new URL(request?.url ?? '/', 'http://x').searchParams);
}

/** Path of a recorded request, without the query. */
export function pathOf(request: Pick<RecordedRequest, 'url'> | undefined): string {
  return new URL(request?.url ?? '/', 'http://x').pathname;
}

/** The rejection of a promise, for asserting on error fields. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Record<string, unknown>;
  }
  throw new Error('expected the promise to reject');
}
