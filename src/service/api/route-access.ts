/** The caller of an API route, as the authenticate hook verified it from the bearer token. */
import { callerLabel, type Caller } from '../tokens/api-tokens.js';

/** The caller of a non-public route (the authenticate hook has run). */
export function callerOf(request: { caller?: Caller }): Caller {
  if (!request.caller) throw new Error('a route without access control read its caller');
  return request.caller;
}

/** Audit actor of a token: its tenant's token id and name, never the token. */
export function actorOf(caller: Caller): string {
  return callerLabel(caller);
}
