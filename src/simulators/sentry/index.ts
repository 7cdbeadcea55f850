/**
 * The Sentry simulator: an organization's members endpoints on a 127.0.0.1 socket, for the tests
 * of `specs/prebuilt/sentry.yaml`.
 */
import { serveHandlers, type HandlerServer } from '../serve-handlers.js';
import { sentryHandlers } from './handlers.js';
import { createSentryState, type SentryMember, type SentryState } from './state.js';

export * from './state.js';
export { sentryHandlers, SENTRY_PAGE_SIZE } from './handlers.js';

export interface SentrySimulator {
  server: HandlerServer;
  state: SentryState;
  close(): Promise<void>;
}

export async function startSentry(members?: SentryMember[]): Promise<SentrySimulator> {
  const state = createSentryState(members);
  const server = await serveHandlers(...sentryHandlers(state));
  return { server, state, close: () => server.close() };
}
