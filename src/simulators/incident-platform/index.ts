/**
 * The incident platform simulator: a PagerDuty REST API v2 users endpoint on a 127.0.0.1 socket,
 * used by `npm run demo` and by the contract tests of `specs/prebuilt/incident-platform.yaml`.
 */
import { serveHandlers, type HandlerServer } from '../serve-handlers.js';
import { incidentPlatformHandlers } from './handlers.js';
import { createIncidentPlatformState, type CreateStateOptions, type IncidentPlatformState } from './state.js';

export * from './state.js';
export { incidentPlatformHandlers, DEFAULT_LIMIT, MAX_LIMIT, MAX_OFFSET_PLUS_LIMIT } from './handlers.js';
export { PAGERDUTY_ACCEPT } from './guards.js';
export { MAX_CONCURRENT_CREATES, createConcurrencyState, holdCreations, type CreateConcurrency } from './concurrent-creates.js';
export { pagerDutyError } from './responses.js';

export interface IncidentPlatformSimulator {
  server: HandlerServer;
  state: IncidentPlatformState;
  close(): Promise<void>;
}

export async function startIncidentPlatform(options: CreateStateOptions = {}): Promise<IncidentPlatformSimulator> {
  const state = createIncidentPlatformState(options);
  const server = await serveHandlers(...incidentPlatformHandlers(state));
  return { server, state, close: () => server.close() };
}
