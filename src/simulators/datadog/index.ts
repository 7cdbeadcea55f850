/**
 * The Datadog simulator: an organization's users and user invitations endpoints (API v2) on a
 * 127.0.0.1 socket, for the tests of `specs/prebuilt/datadog.yaml`.
 */
import { serveHandlers, type HandlerServer } from '../serve-handlers.js';
import { datadogHandlers } from './handlers.js';
import { createDatadogState, type DatadogState, type DatadogUser } from './state.js';

export * from './state.js';
export { datadogHandlers, DATADOG_MAX_PAGE_SIZE } from './handlers.js';

export interface DatadogSimulator {
  server: HandlerServer;
  state: DatadogState;
  close(): Promise<void>;
}

export async function startDatadog(users?: DatadogUser[]): Promise<DatadogSimulator> {
  const state = createDatadogState(users);
  const server = await serveHandlers(...datadogHandlers(state));
  return { server, state, close: () => server.close() };
}
